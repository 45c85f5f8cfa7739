import { useState } from 'react';
import { emailSchema, fullNameSchema, type CurrentUser } from '../../../shared/contracts/users.ts';
import { FormField, FormStatus } from '../../components/forms/form-field.tsx';
import { useForm } from '../../components/forms/use-form.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useApi, useSession } from '../../lib/session.tsx';
import './account.css';

type Field = 'fullName' | 'email';
const labels: Record<Field, string> = { fullName: 'Full Name', email: 'Email' };
export const updateAccountFallback = 'An error occurred while updating the account details.';

/** Full Name and Email, filled with the current values; the server's answer is shown beneath. */
export function UpdateAccountForm({ user }: { user: CurrentUser }) {
  const api = useApi();
  const { session } = useSession();
  const { values, setValues, errors, sending, bind, submit } = useForm<Field>(
    { fullName: user.fullName, email: user.email },
    labels,
  );
  const [status, setStatus] = useState<{ ok?: string; error?: string }>({});
  const fullName = fullNameSchema.safeParse(values.fullName);
  const email = emailSchema.safeParse(values.email);

  const onSubmit = submit({
    check: () => ({
      ...(fullName.success
        ? {}
        : { fullName: fullName.error.issues[0]?.message ?? 'Full name is not valid' }),
      ...(email.success ? {} : { email: email.error.issues[0]?.message ?? 'Email is not valid' }),
    }),
    invalid: () => setStatus({ error: 'Please correct the marked fields.' }),
    send: async () => {
      setStatus({});
      const { data, message } = await api.patch<CurrentUser>('/users/update-account', {
        fullName: fullName.data,
        email: email.data,
      });
      session.setUser(data);
      setValues({ fullName: data.fullName, email: data.email });
      setStatus({ ok: message });
    },
    refused: (err) => setStatus({ error: err instanceof ApiError ? err.message : updateAccountFallback }),
  });

  return (
    <form className="form-card" noValidate onSubmit={(e) => void onSubmit(e)}>
      <FormField id={bind('fullName').id} label="Full Name" error={errors.fullName}>
        <input type="text" autoComplete="name" {...bind('fullName')} />
      </FormField>
      <FormField id={bind('email').id} label="Email" error={errors.email}>
        <input type="email" autoComplete="email" inputMode="email" {...bind('email')} />
      </FormField>
      <button type="submit" className="button" aria-disabled={sending}>
        {sending ? 'Saving…' : 'Update Account Details'}
      </button>
      <FormStatus {...status} />
    </form>
  );
}
