import { Screen } from '../components/screen.tsx';

export default function MySubscribersRoute() {
  return <Screen title="My subscribers" />;
}
