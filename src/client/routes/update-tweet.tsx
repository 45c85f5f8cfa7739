import { Screen } from '../components/screen.tsx';

export default function UpdateTweetRoute() {
  return <Screen title="Update tweet" />;
}
