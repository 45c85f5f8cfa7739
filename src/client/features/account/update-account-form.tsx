import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { emailSchema, fullNameSchema, type CurrentUser } from '../../../shared/contracts/users.ts';
import {
  controlProps,
  FormField,
  FormStatus,
  serverFieldErrors,
  type FieldErrors,
} from '../../components/forms/form-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useApi, useSession } from '../../lib/session.tsx';
import './account.css';

type Field = 'fullName' | 'email';
const labels: Record<Field, string> = { fullName: 'Full Name', email: 'Email' };
export const updateAccountFallback = 'An error occurred while updating the account details.';

/** Full Name and Email, filled with the current values; the server's answer is shown beneath. */
export function UpdateAccountForm({ user }: { user: CurrentUser }) {
  const id = useId();
  const api = useApi();
  const { session } = useSession();
  const [values, setValues] = useState<Record<Field, string>>({ fullName: user.fullName, email: user.email });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [status, setStatus] = useState<{ ok?: string; error?: string }>({});
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const local: FieldErrors<Field> = {};
    const fullName = fullNameSchema.safeParse(values.fullName);
    const email = emailSchema.safeParse(values.email);
    if (!fullName.success) local.fullName = fullName.error.issues[0]?.message ?? 'Full name is not valid';
    if (!email.success) local.email = email.error.issues[0]?.message ?? 'Email is not valid';
    setErrors(local);
    if (!fullName.success || !email.success) {
      setStatus({ error: 'Please correct the marked fields.' });
      return;
    }
    setSending(true);
    setStatus({});
    try {
      const { data, message } = await api.patch<CurrentUser>('/users/update-account', {
        fullName: fullName.data,
        email: email.data,
      });
      session.setUser(data);
      setValues({ fullName: data.fullName, email: data.email });
      setStatus({ ok: message });
    } catch (err) {
      if (err instanceof ApiError) setErrors(serverFieldErrors(err.errors, labels));
      setStatus({ error: err instanceof ApiError ? err.message : updateAccountFallback });
    } finally {
      setSending(false);
    }
  };

  const bind = (field: Field) => ({
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
    <form className="form-card" noValidate onSubmit={(e) => void onSubmit(e)}>
      <FormField id={`${id}-fullName`} label="Full Name" error={errors.fullName}>
        <input type="text" autoComplete="name" {...bind('fullName')} />
      </FormField>
      <FormField id={`${id}-email`} label="Email" error={errors.email}>
        <input type="email" autoComplete="email" inputMode="email" {...bind('email')} />
      </FormField>
      <button type="submit" className="button" aria-disabled={sending}>
        {sending ? 'Saving…' : 'Update Account Details'}
      </button>
      <FormStatus {...status} />
    </form>
  );
}
