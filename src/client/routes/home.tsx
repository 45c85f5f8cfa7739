import { Screen } from '../components/screen.tsx';

export default function HomeRoute() {
  return <Screen title="Home" />;
}
