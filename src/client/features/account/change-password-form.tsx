import { useState } from 'react';
import { passwordSchema } from '../../../shared/contracts/user-fields.ts';
import { FormField, FormStatus, refusal, ruleMessage } from '../../components/forms/form-field.tsx';
import { serverText } from '../../i18n/server-messages.ts';
import { useForm } from '../../components/forms/use-form.ts';
import { useApi } from '../../lib/session.tsx';
import './account.css';
import { t } from '../../i18n/i18n.ts';
import { changePassword } from '../../api/account.ts';

type Field = 'oldPassword' | 'newPassword';
const labels = (): Record<Field, string> => ({
  oldPassword: t('password.old'),
  newPassword: t('password.new'),
});
export const changePasswordFallback = (): string => t('password.fallback');

/**
 * Old and new password. The server ends the user's other sessions (other phones, a net cafe
 * computer left signed in); this one stays signed in.
 */
export function ChangePasswordForm() {
  const api = useApi();
  const { id, values, setValues, errors, sending, bind, submit } = useForm<Field>(
    { oldPassword: '', newPassword: '' },
    labels(),
  );
  const [status, setStatus] = useState<{ ok?: string; error?: string }>({});

  const onSubmit = submit({
    check: () => {
      const next = passwordSchema.safeParse(values.newPassword);
      return {
        ...(values.oldPassword ? {} : { oldPassword: t('form.isRequired', { label: t('password.old') }) }),
        ...(next.success
          ? {}
          : {
              newPassword: ruleMessage(
                t('password.new'),
                (next.error.issues[0]?.message ?? 'Password is not valid').replace(
                  /^Password/,
                  'New password',
                ),
              ),
            }),
      };
    },
    invalid: () => setStatus({ error: t('form.correct') }),
    send: async () => {
      setStatus({});
      const { message } = await changePassword(api, values);
      setValues({ oldPassword: '', newPassword: '' });
      setStatus({ ok: serverText(message, 200) });
    },
    refused: (err) => setStatus({ error: refusal(err, labels(), changePasswordFallback()) }),
  });
  const password = (field: Field) => ({ ...bind(field), type: 'password' });

  return (
    <form className="form-card" noValidate onSubmit={(e) => void onSubmit(e)}>
      <FormField id={`${id}-oldPassword`} label={t('password.old')} error={errors.oldPassword}>
        <input autoComplete="current-password" {...password('oldPassword')} />
      </FormField>
      <FormField
        id={`${id}-newPassword`}
        label={t('password.new')}
        hint={t('register.passwordHint')}
        error={errors.newPassword}
      >
        <input autoComplete="new-password" {...password('newPassword')} />
      </FormField>
      <p className="field-note">{t('password.note')}</p>
      <button type="submit" className="button" aria-disabled={sending}>
        {sending ? t('form.saving') : t('account.changePassword')}
      </button>
      <FormStatus {...status} />
    </form>
  );
}
