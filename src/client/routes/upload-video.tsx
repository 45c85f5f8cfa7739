import { Screen } from '../components/screen.tsx';

export default function UploadVideoRoute() {
  return <Screen title="Upload video" />;
}
