import { Screen } from '../components/screen.tsx';

export default function LoginRoute() {
  return <Screen title="Login" />;
}
