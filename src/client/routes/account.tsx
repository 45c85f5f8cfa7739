import { Screen } from '../components/screen.tsx';

export default function AccountRoute() {
  return <Screen title="My account" />;
}
