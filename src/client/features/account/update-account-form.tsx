import { useState } from 'react';
import { emailSchema, fullNameSchema } from '../../../shared/contracts/user-fields.ts';
import type { CurrentUser } from '../../../shared/contracts/users.ts';
import { FormField, FormStatus, refusal, ruleMessage } from '../../components/forms/form-field.tsx';
import { serverText } from '../../i18n/server-messages.ts';
import { useForm } from '../../components/forms/use-form.ts';
import { useApi, useSession } from '../../lib/session.tsx';
import './account.css';
import { t } from '../../i18n/i18n.ts';
import { updateAccount } from '../../api/account.ts';

type Field = 'fullName' | 'email';
const labels = (): Record<Field, string> => ({ fullName: t('field.fullName'), email: t('field.email') });
export const updateAccountFallback = (): string => t('account.updateFallback');

/** Full Name and Email, filled with the current values; the server's answer is shown beneath. */
export function UpdateAccountForm({ user }: { user: CurrentUser }) {
  const api = useApi();
  const { session } = useSession();
  const { values, setValues, errors, sending, bind, submit } = useForm<Field>(
    { fullName: user.fullName, email: user.email },
    labels(),
  );
  const [status, setStatus] = useState<{ ok?: string; error?: string }>({});
  const fullName = fullNameSchema.safeParse(values.fullName);
  const email = emailSchema.safeParse(values.email);

  const onSubmit = submit({
    check: () => ({
      ...(fullName.success
        ? {}
        : {
            fullName: ruleMessage(
              t('field.fullName'),
              fullName.error.issues[0]?.message ?? 'Full name is not valid',
            ),
          }),
      ...(email.success
        ? {}
        : { email: ruleMessage(t('field.email'), email.error.issues[0]?.message ?? 'Email is not valid') }),
    }),
    invalid: () => setStatus({ error: t('form.correct') }),
    send: async () => {
      setStatus({});
      const { data, message } = await updateAccount(api, {
        fullName: fullName.data,
        email: email.data,
      });
      session.setUser(data);
      setValues({ fullName: data.fullName, email: data.email });
      setStatus({ ok: serverText(message, 200) });
    },
    refused: (err) => setStatus({ error: refusal(err, labels(), updateAccountFallback()) }),
  });

  return (
    <form className="form-card" noValidate onSubmit={(e) => void onSubmit(e)}>
      <FormField id={bind('fullName').id} label={t('field.fullName')} error={errors.fullName}>
        <input type="text" autoComplete="name" {...bind('fullName')} />
      </FormField>
      <FormField id={bind('email').id} label={t('field.email')} error={errors.email}>
        <input type="email" autoComplete="email" inputMode="email" {...bind('email')} />
      </FormField>
      <button type="submit" className="button" aria-disabled={sending}>
        {sending ? t('form.saving') : t('account.update')}
      </button>
      <FormStatus {...status} />
    </form>
  );
}
