import { Screen } from '../components/screen.tsx';

export default function UpdateAccountRoute() {
  return <Screen title="Update account details" />;
}
