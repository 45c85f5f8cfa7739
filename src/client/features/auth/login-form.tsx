import { useRouter } from '@tanstack/react-router';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  controlProps,
  FormField,
  serverFieldErrors,
  type FieldErrors,
} from '../../components/forms/form-field.tsx';
import { showToast, toasts$ } from '../../components/toast/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useSession } from '../../lib/session.tsx';
import './auth.css';

type LoginField = 'username' | 'password';
const labels: Record<LoginField, string> = { username: 'Username', password: 'Password' };

/**
 * Sign in with username (or e-mail) and password. Success goes where the visitor was sent
 * from, else to /dashbord; a refusal is shown in a toast and keeps what was typed.
 */
export function LoginForm({ redirectTo }: { redirectTo?: string }) {
  const id = useId();
  const router = useRouter();
  const { session } = useSession();
  const [values, setValues] = useState<Record<LoginField, string>>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<LoginField>>({});
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const local: FieldErrors<LoginField> = {};
    if (!values.username.trim()) local.username = 'Username is required';
    if (!values.password) local.password = 'Password is required';
    setErrors(local);
    const first = (['username', 'password'] as const).find((f) => local[f]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setSending(true);
    try {
      await session.signIn(values.username.trim(), values.password);
      // A "Sign-in failed" from an earlier try is no longer true.
      toasts$.clearErrors();
      router.history.push(redirectTo ?? '/dashbord');
    } catch (err) {
      setSending(false);
      if (err instanceof ApiError) setErrors(serverFieldErrors(err.errors, labels));
      showToast(
        'error',
        err instanceof ApiError && err.status === 401 ? 'Sign-in failed' : 'You were not signed in',
        errorMessage(err),
      );
    }
  };

  const bind = (field: LoginField) => ({
    ...controlProps(`${id}-${field}`, errors[field]),
    name: field,
    value: values[field],
    required: true,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  return (
    <form className="form-card auth-card" noValidate onSubmit={(e) => void onSubmit(e)}>
      <FormField id={`${id}-username`} label="Username" required error={errors.username}>
        <input
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...bind('username')}
        />
      </FormField>
      <FormField id={`${id}-password`} label="Password" required error={errors.password}>
        <input type="password" autoComplete="current-password" {...bind('password')} />
      </FormField>
      <button type="submit" className="button auth-submit" aria-disabled={sending}>
        {sending ? 'Signing in…' : 'Submit'}
      </button>
    </form>
  );
}
