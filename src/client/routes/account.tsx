import { Screen } from '../components/screen.tsx';
import { SignedIn } from '../components/signed-in.tsx';
import { AccountOverview } from '../features/account/account-overview.tsx';
import { MyLikes, WatchHistory } from '../features/account/watch-history.tsx';
import { t } from '../i18n/i18n.ts';

export default function AccountRoute() {
  return (
    <Screen title={t('title.account')}>
      <SignedIn>
        {(user) => (
          <>
            <AccountOverview user={user} />
            <div className="account-lists">
              <WatchHistory />
              <MyLikes />
            </div>
          </>
        )}
      </SignedIn>
    </Screen>
  );
}
