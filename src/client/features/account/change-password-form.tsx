import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { passwordSchema } from '../../../shared/contracts/users.ts';
import {
  controlProps,
  FormField,
  FormStatus,
  serverFieldErrors,
  type FieldErrors,
} from '../../components/forms/form-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useApi } from '../../lib/session.tsx';
import './account.css';

type Field = 'oldPassword' | 'newPassword';
const labels: Record<Field, string> = { oldPassword: 'Old Password', newPassword: 'New Password' };
export const changePasswordFallback = 'An error occurred while changing the password.';

/**
 * Old and new password. The server ends the user's other sessions (other phones, a net cafe
 * computer left signed in); this one stays signed in.
 */
export function ChangePasswordForm() {
  const id = useId();
  const api = useApi();
  const [values, setValues] = useState<Record<Field, string>>({ oldPassword: '', newPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [status, setStatus] = useState<{ ok?: string; error?: string }>({});
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const local: FieldErrors<Field> = {};
    if (!values.oldPassword) local.oldPassword = 'Old password is required';
    const next = passwordSchema.safeParse(values.newPassword);
    if (!next.success) {
      local.newPassword = (next.error.issues[0]?.message ?? 'Password is not valid').replace(
        /^Password/,
        'New password',
      );
    }
    setErrors(local);
    if (Object.keys(local).length > 0) {
      setStatus({ error: 'Please correct the marked fields.' });
      return;
    }
    setSending(true);
    setStatus({});
    try {
      const { message } = await api.post('/users/change-password', values);
      setValues({ oldPassword: '', newPassword: '' });
      setStatus({ ok: message });
    } catch (err) {
      if (err instanceof ApiError) setErrors(serverFieldErrors(err.errors, labels));
      setStatus({ error: err instanceof ApiError ? err.message : changePasswordFallback });
    } finally {
      setSending(false);
    }
  };

  const bind = (field: Field) => ({
    ...controlProps(`${id}-${field}`, errors[field]),
    name: field,
    type: 'password',
    value: values[field],
    required: true,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  return (
    <form className="form-card" noValidate onSubmit={(e) => void onSubmit(e)}>
      <FormField id={`${id}-oldPassword`} label="Old Password" error={errors.oldPassword}>
        <input autoComplete="current-password" {...bind('oldPassword')} />
      </FormField>
      <FormField
        id={`${id}-newPassword`}
        label="New Password"
        hint="8 to 128 characters"
        error={errors.newPassword}
      >
        <input autoComplete="new-password" {...bind('newPassword')} />
      </FormField>
      <p className="field-note">Changing your password signs you out on every other device.</p>
      <button type="submit" className="button" aria-disabled={sending}>
        {sending ? 'Saving…' : 'Change Password'}
      </button>
      <FormStatus {...status} />
    </form>
  );
}
