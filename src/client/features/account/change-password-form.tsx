import { useState } from 'react';
import { passwordSchema } from '../../../shared/contracts/users.ts';
import { FormField, FormStatus } from '../../components/forms/form-field.tsx';
import { useForm } from '../../components/forms/use-form.ts';
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
  const api = useApi();
  const { id, values, setValues, errors, sending, bind, submit } = useForm<Field>(
    { oldPassword: '', newPassword: '' },
    labels,
  );
  const [status, setStatus] = useState<{ ok?: string; error?: string }>({});

  const onSubmit = submit({
    check: () => {
      const next = passwordSchema.safeParse(values.newPassword);
      return {
        ...(values.oldPassword ? {} : { oldPassword: 'Old password is required' }),
        ...(next.success
          ? {}
          : {
              newPassword: (next.error.issues[0]?.message ?? 'Password is not valid').replace(
                /^Password/,
                'New password',
              ),
            }),
      };
    },
    invalid: () => setStatus({ error: 'Please correct the marked fields.' }),
    send: async () => {
      setStatus({});
      const { message } = await api.post('/users/change-password', values);
      setValues({ oldPassword: '', newPassword: '' });
      setStatus({ ok: message });
    },
    refused: (err) => setStatus({ error: err instanceof ApiError ? err.message : changePasswordFallback }),
  });
  const password = (field: Field) => ({ ...bind(field), type: 'password' });

  return (
    <form className="form-card" noValidate onSubmit={(e) => void onSubmit(e)}>
      <FormField id={`${id}-oldPassword`} label="Old Password" error={errors.oldPassword}>
        <input autoComplete="current-password" {...password('oldPassword')} />
      </FormField>
      <FormField
        id={`${id}-newPassword`}
        label="New Password"
        hint="8 to 128 characters"
        error={errors.newPassword}
      >
        <input autoComplete="new-password" {...password('newPassword')} />
      </FormField>
      <p className="field-note">Changing your password signs you out on every other device.</p>
      <button type="submit" className="button" aria-disabled={sending}>
        {sending ? 'Saving…' : 'Change Password'}
      </button>
      <FormStatus {...status} />
    </form>
  );
}
