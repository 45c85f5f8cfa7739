import { Screen } from '../components/screen.tsx';

export default function UserProfileRoute() {
  return <Screen title="Channel profile" />;
}
