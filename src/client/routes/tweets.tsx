import { Screen } from '../components/screen.tsx';

export default function TweetsRoute() {
  return <Screen title="All tweets" />;
}
