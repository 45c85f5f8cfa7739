import { Screen } from '../components/screen.tsx';

export default function ChangePasswordRoute() {
  return <Screen title="Change password" />;
}
