import { Screen } from '../components/screen.tsx';

export default function RegisterRoute() {
  return <Screen title="Register" />;
}
