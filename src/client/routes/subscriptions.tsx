import { Screen } from '../components/screen.tsx';
import { SignedIn } from '../components/signed-in.tsx';
import { MySubscriptions } from '../features/subscriptions/people-list.tsx';
import { t } from '../i18n/i18n.ts';

export default function SubscriptionsRoute() {
  return (
    <Screen title={t('title.mySubscriptions')}>
      <SignedIn>{(user) => <MySubscriptions userId={user._id} />}</SignedIn>
    </Screen>
  );
}
