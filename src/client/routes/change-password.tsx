import { Link } from '@tanstack/react-router';
import { Screen } from '../components/screen.tsx';
import { ChangePasswordForm } from '../features/account/change-password-form.tsx';
import { t } from '../i18n/i18n.ts';

export default function ChangePasswordRoute() {
  return (
    <Screen title={t('title.changePassword')}>
      <Link to="/acc" className="back-link">
        ← {t('title.account')}
      </Link>
      <ChangePasswordForm />
    </Screen>
  );
}
