import { Screen } from '../components/screen.tsx';

export default function VideosRoute() {
  return <Screen title="All videos" />;
}
