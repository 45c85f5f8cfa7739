import { Screen } from '../components/screen.tsx';

export default function CreateTweetRoute() {
  return <Screen title="Create tweet" />;
}
