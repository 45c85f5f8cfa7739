import { Screen } from '../components/screen.tsx';

export default function UpdateAvatarRoute() {
  return <Screen title="Update avatar" />;
}
