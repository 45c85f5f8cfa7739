import { useNavigate } from '@tanstack/react-router';
import { useState, type ChangeEvent } from 'react';
import { registerFieldsSchema } from '../../../shared/contracts/user-fields.ts';
import {
  ruleMessage,
  controlProps,
  FormField,
  serverFieldErrors,
  type FieldErrors,
} from '../../components/forms/form-field.tsx';
import { useForm } from '../../components/forms/use-form.ts';
import { UploadProgress } from '../../components/forms/upload-progress.tsx';
import { showToast } from '../../components/toast/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useApi } from '../../lib/session.tsx';
import { registerAccount } from '../../api/account.ts';
import { imageSizeHint, useUploadLimits } from '../../api/limits.ts';
import './auth.css';
import { t } from '../../i18n/i18n.ts';

type TextField = 'username' | 'email' | 'fullName' | 'password';
type FileField = 'avatar' | 'coverImage';
type RegisterField = TextField | FileField;

const labels = (): Record<RegisterField, string> => ({
  username: t('field.username'),
  email: t('field.email'),
  fullName: t('field.fullName'),
  avatar: t('field.avatar'),
  coverImage: t('field.coverImage'),
  password: t('field.password'),
});
const order: readonly RegisterField[] = ['username', 'email', 'fullName', 'avatar', 'coverImage', 'password'];

export const accountCreated = (): string => t('register.created');

function checkImage(label: string, file: File | undefined, required: boolean): string | undefined {
  if (!file) return required ? t('form.isRequired', { label }) : undefined;
  // Some phones give no type for a picture; then the server, which reads the bytes, decides.
  if (file.type && !file.type.startsWith('image/')) return t('form.mustBeImage', { label });
  return undefined;
}

/**
 * 'Register as Student': the server's own rules (shared/contracts/users.ts) are checked before
 * anything is sent, so a slow connection does not carry pictures for a form that will be
 * refused. Success goes to /login with a notice; a refusal keeps every value, pictures included.
 */
export function RegisterForm() {
  const api = useApi();
  const sizeHint = imageSizeHint(useUploadLimits());
  const navigate = useNavigate();
  const { id, values, errors, setErrors, bind, submit } = useForm<TextField, FileField>(
    { username: '', email: '', fullName: '', password: '' },
    labels(),
  );
  const [files, setFiles] = useState<Partial<Record<FileField, File>>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const parsed = registerFieldsSchema.safeParse(values);

  const focusFirst = (found: FieldErrors<RegisterField>) => {
    const first = order.find((f) => found[f]);
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  };

  const onSubmit = submit({
    check: () => {
      const local: FieldErrors<RegisterField> = {};
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = issue.path[0] as TextField;
          local[field] ??= ruleMessage(labels()[field], issue.message);
        }
      }
      const avatarError = checkImage(t('field.avatar'), files.avatar, true);
      const coverError = checkImage(t('field.coverImage'), files.coverImage, false);
      if (avatarError) local.avatar = avatarError;
      if (coverError) local.coverImage = coverError;
      return local;
    },
    invalid: focusFirst,
    send: async () => {
      const form = new FormData();
      for (const [name, value] of Object.entries(parsed.data ?? {})) form.append(name, value);
      if (files.avatar) form.append('avatar', files.avatar);
      if (files.coverImage) form.append('coverImage', files.coverImage);
      setProgress(0);
      try {
        await registerAccount(api, form, setProgress);
      } catch (err) {
        setProgress(null);
        throw err;
      }
      showToast('success', accountCreated());
      await navigate({ to: '/login' });
    },
    refused: (err) => {
      if (err instanceof ApiError) focusFirst(serverFieldErrors(err.errors, labels()));
      showToast('error', t('register.notCreated'), errorMessage(err));
    },
    leaving: true,
  });

  const bindFile = (field: FileField, required: boolean) => ({
    ...controlProps(`${id}-${field}`, errors[field]),
    type: 'file',
    name: field,
    accept: 'image/*',
    required,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const file = event.target.files?.[0];
      setFiles((current) => ({ ...current, [field]: file }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  return (
    <form className="form-card auth-card" noValidate onSubmit={(e) => void onSubmit(e)}>
      <FormField
        id={`${id}-username`}
        label={t('field.username')}
        required
        hint={t('register.usernameHint')}
        error={errors.username}
      >
        <input
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...bind('username')}
        />
      </FormField>
      <FormField id={`${id}-email`} label={t('field.email')} required error={errors.email}>
        <input type="email" autoComplete="email" inputMode="email" {...bind('email')} />
      </FormField>
      <FormField id={`${id}-fullName`} label={t('field.fullName')} required error={errors.fullName}>
        <input type="text" autoComplete="name" {...bind('fullName')} />
      </FormField>
      <FormField id={`${id}-avatar`} label={t('field.avatar')} required hint={sizeHint} error={errors.avatar}>
        <input {...bindFile('avatar', true)} />
      </FormField>
      <FormField
        id={`${id}-coverImage`}
        label={t('field.coverImage')}
        required={false}
        hint={sizeHint}
        error={errors.coverImage}
      >
        <input {...bindFile('coverImage', false)} />
      </FormField>
      <FormField
        id={`${id}-password`}
        label={t('field.password')}
        required
        hint={t('register.passwordHint')}
        error={errors.password}
      >
        <input type="password" autoComplete="new-password" {...bind('password')} />
      </FormField>
      <button type="submit" className="button auth-submit" aria-disabled={progress !== null}>
        {progress !== null ? t('register.creating') : t('form.submit')}
      </button>
      {progress !== null ? (
        <UploadProgress fraction={progress} label={t('register.sendingPictures')} />
      ) : null}
    </form>
  );
}
