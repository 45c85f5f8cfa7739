import { Screen } from '../components/screen.tsx';

export default function MyVideosRoute() {
  return <Screen title="My videos" />;
}
