import { Screen } from '../components/screen.tsx';
import { SignedIn } from '../components/signed-in.tsx';
import { MySubscriptions } from '../features/subscriptions/people-list.tsx';

export default function SubscriptionsRoute() {
  return (
    <Screen title="My subscriptions">
      <SignedIn>{(user) => <MySubscriptions userId={user._id} />}</SignedIn>
    </Screen>
  );
}
