import { Screen } from '../components/screen.tsx';

export default function DashbordRoute() {
  return <Screen title="All videos" />;
}
