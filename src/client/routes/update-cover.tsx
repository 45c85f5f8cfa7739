import { Screen } from '../components/screen.tsx';

export default function UpdateCoverRoute() {
  return <Screen title="Update cover image" />;
}
