import { useRouter } from '@tanstack/react-router';
import { FormField } from '../../components/forms/form-field.tsx';
import { useForm } from '../../components/forms/use-form.ts';
import { showToast, toasts$ } from '../../components/toast/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useSession } from '../../lib/session.tsx';
import './auth.css';
import { t } from '../../i18n/i18n.ts';

type LoginField = 'username' | 'password';
const labels = (): Record<LoginField, string> => ({
  username: t('field.username'),
  password: t('field.password'),
});

/**
 * Sign in with username (or e-mail) and password. Success goes where the visitor was sent
 * from, else to /dashbord; a refusal is shown in a toast and keeps what was typed.
 */
export function LoginForm({ redirectTo }: { redirectTo?: string }) {
  const router = useRouter();
  const { session } = useSession();
  const { id, values, errors, sending, bind, submit } = useForm<LoginField>(
    { username: '', password: '' },
    labels(),
  );

  const onSubmit = submit({
    check: () => ({
      ...(values.username.trim() ? {} : { username: t('form.isRequired', { label: t('field.username') }) }),
      ...(values.password ? {} : { password: t('form.isRequired', { label: t('field.password') }) }),
    }),
    invalid: (found) => {
      const first = (['username', 'password'] as const).find((f) => found[f]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
    },
    send: async () => {
      await session.signIn(values.username.trim(), values.password);
      // A "Sign-in failed" from an earlier try is no longer true, and "Your account was created.
      // Please sign in." has been done: neither stays on the screens that follow.
      toasts$.clear();
      router.history.push(redirectTo ?? '/dashbord');
    },
    refused: (err) =>
      showToast(
        'error',
        err instanceof ApiError && err.status === 401 ? t('login.failed') : t('login.notSignedIn'),
        errorMessage(err),
      ),
    leaving: true,
  });

  return (
    <form className="form-card auth-card" noValidate onSubmit={(e) => void onSubmit(e)}>
      <FormField id={`${id}-username`} label={t('field.username')} required error={errors.username}>
        <input
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...bind('username')}
        />
      </FormField>
      <FormField id={`${id}-password`} label={t('field.password')} required error={errors.password}>
        <input type="password" autoComplete="current-password" {...bind('password')} />
      </FormField>
      <button type="submit" className="button auth-submit" aria-disabled={sending}>
        {sending ? t('login.signingIn') : t('form.submit')}
      </button>
    </form>
  );
}
