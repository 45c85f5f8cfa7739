import { Link, useSearch } from '@tanstack/react-router';
import { Screen } from '../components/screen.tsx';
import { safeRedirect } from '../lib/safe-redirect.ts';
import { LoginForm } from '../features/auth/login-form.tsx';

export default function LoginRoute() {
  // Checked again here: the search of the URL is the visitor's to edit.
  const redirect = safeRedirect((useSearch({ strict: false }) as { redirect?: unknown }).redirect);
  return (
    <Screen
      title="Login"
      lead={redirect ? 'Sign in to open that page.' : 'Welcome back. Sign in to continue.'}
    >
      <div className="auth-layout">
        <LoginForm {...(redirect ? { redirectTo: redirect } : {})} />
        <p className="auth-switch">
          Not a member yet? <Link to="/register">Register here</Link>
        </p>
      </div>
    </Screen>
  );
}
