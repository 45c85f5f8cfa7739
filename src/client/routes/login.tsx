import { Link, useSearch } from '@tanstack/react-router';
import { Screen } from '../components/screen.tsx';
import { safeRedirect } from '../lib/safe-redirect.ts';
import { LoginForm } from '../features/auth/login-form.tsx';
import { t } from '../i18n/i18n.ts';

export default function LoginRoute() {
  // Checked again here: the search of the URL is the visitor's to edit.
  const redirect = safeRedirect((useSearch({ strict: false }) as { redirect?: unknown }).redirect);
  return (
    <Screen title={t('title.login')} lead={redirect ? t('login.leadRedirect') : t('login.lead')}>
      <div className="auth-layout">
        <LoginForm {...(redirect ? { redirectTo: redirect } : {})} />
        <p className="auth-switch">
          {t('login.notMember')} <Link to="/register">{t('login.registerHere')}</Link>
        </p>
      </div>
    </Screen>
  );
}
