import { Screen } from '../components/screen.tsx';

export default function MyTweetsRoute() {
  return <Screen title="My tweets" />;
}
