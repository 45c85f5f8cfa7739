import { Screen } from '../components/screen.tsx';

export default function UpdateVideoRoute() {
  return <Screen title="Update video" />;
}
