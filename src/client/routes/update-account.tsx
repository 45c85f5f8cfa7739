import { Link } from '@tanstack/react-router';
import { Screen } from '../components/screen.tsx';
import { SignedIn } from '../components/signed-in.tsx';
import { UpdateAccountForm } from '../features/account/update-account-form.tsx';
import { t } from '../i18n/i18n.ts';

export default function UpdateAccountRoute() {
  return (
    <Screen title={t('title.updateAccount')}>
      <Link to="/acc" className="back-link">
        ← {t('title.account')}
      </Link>
      <SignedIn>{(user) => <UpdateAccountForm user={user} />}</SignedIn>
    </Screen>
  );
}
