import { Link } from '@tanstack/react-router';
import { Screen } from '../components/screen.tsx';
import { RegisterForm } from '../features/auth/register-form.tsx';
import { t } from '../i18n/i18n.ts';

export default function RegisterRoute() {
  return (
    // The form's own heading, 'Register as Student', is the one on show: two would say it twice.
    <Screen title={t('title.register')} titleHidden>
      <div className="auth-layout">
        <h2 className="auth-heading">{t('register.heading')}</h2>
        <RegisterForm />
        <p className="auth-switch">
          {t('register.already')} <Link to="/login">{t('register.signIn')}</Link>
        </p>
      </div>
    </Screen>
  );
}
