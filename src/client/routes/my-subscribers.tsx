import { Screen } from '../components/screen.tsx';
import { SignedIn } from '../components/signed-in.tsx';
import { MySubscribers } from '../features/subscriptions/people-list.tsx';

export default function MySubscribersRoute() {
  return (
    <Screen title="My subscribers">
      <SignedIn>{(user) => <MySubscribers userId={user._id} />}</SignedIn>
    </Screen>
  );
}
