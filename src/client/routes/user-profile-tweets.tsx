import { Screen } from '../components/screen.tsx';

export default function UserProfileTweetsRoute() {
  return <Screen title="Channel profile" />;
}
