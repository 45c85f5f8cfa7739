import { Screen } from '../components/screen.tsx';
import { SignedIn } from '../components/signed-in.tsx';
import { MySubscribers } from '../features/subscriptions/people-list.tsx';
import { t } from '../i18n/i18n.ts';

export default function MySubscribersRoute() {
  return (
    <Screen title={t('title.mySubscribers')}>
      <SignedIn>{(user) => <MySubscribers userId={user._id} username={user.username} />}</SignedIn>
    </Screen>
  );
}
