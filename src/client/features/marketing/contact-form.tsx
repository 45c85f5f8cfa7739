import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { api } from '../../lib/api-client.ts';
import {
  checkContactFields,
  createContactSender,
  emailJsConfigFrom,
  type ContactField,
  type ContactFields,
  type ContactSender,
  type FieldErrors,
} from './contact-sender.ts';
import '../../components/forms/status-notes.css';
import './marketing.css';
import { t } from '../../i18n/i18n.ts';

// The outbox (and its IndexedDB code) is loaded once the student starts writing, not with the
// page: a message may have to wait in it, and on a first visit the service worker may not hold
// that code yet when the connection drops.
const loadOutbox = () => import('../../device/outbox/outbox-react.tsx');

const appSender = createContactSender({
  api,
  emailJs: emailJsConfigFrom(import.meta.env),
  queue: async (action, key) => {
    const { outboxFor } = await loadOutbox();
    return outboxFor(api).enqueue(action, { id: key });
  },
});

const empty: ContactFields = { name: '', email: '', mobile: '', message: '' };
const order: readonly ContactField[] = ['name', 'email', 'mobile', 'message'];

type Status = { kind: 'idle' | 'sending' } | { kind: 'sent' | 'failed'; message: string };

/**
 * The contact form. Unlike the old client it tells the user whether the message went out: on
 * success it clears and says so; on a refusal it keeps what was typed and marks each field.
 */
export function ContactForm({ sender = appSender }: { sender?: ContactSender }) {
  const id = useId();
  const [fields, setFields] = useState<ContactFields>(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const inputs = useRef<Partial<Record<ContactField, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  const focusFirstError = (found: FieldErrors) => {
    const first = order.find((f) => found[f]);
    if (first) inputs.current[first]?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.kind === 'sending') return;
    const local = checkContactFields(fields);
    if (Object.keys(local).length > 0) {
      setErrors(local);
      setStatus({ kind: 'failed', message: t('contact.fix') });
      focusFirstError(local);
      return;
    }
    setErrors({});
    setStatus({ kind: 'sending' });
    const outcome = await sender(fields);
    if (outcome.ok) {
      setFields(empty);
      setStatus({ kind: 'sent', message: outcome.message });
    } else {
      setErrors(outcome.errors);
      setStatus({ kind: 'failed', message: outcome.message });
      focusFirstError(outcome.errors);
    }
  };

  const bind = (field: ContactField) => ({
    id: `${id}-${field}`,
    name: field,
    value: fields[field],
    ref: (el: HTMLInputElement | HTMLTextAreaElement | null) => {
      inputs.current[field] = el;
    },
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.target.value;
      setFields((current) => ({ ...current, [field]: value }));
      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  const label = (field: ContactField, text: string, required: boolean) => (
    <label htmlFor={`${id}-${field}`}>
      {text} <span className="field-hint">{required ? t('form.required') : t('form.optional')}</span>
    </label>
  );
  const error = (field: ContactField) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="field-error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form
      className="contact-form"
      noValidate
      onFocus={() => {
        if (sender === appSender) void loadOutbox().catch(() => undefined);
      }}
      onSubmit={(e) => void onSubmit(e)}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{t('contact.title')}</h2>
      <div className="field">
        {label('name', t('contact.name'), true)}
        <input type="text" autoComplete="name" required {...bind('name')} />
        {error('name')}
      </div>
      <div className="field">
        {label('email', t('field.email'), true)}
        <input type="email" autoComplete="email" inputMode="email" required {...bind('email')} />
        {error('email')}
      </div>
      <div className="field">
        {label('mobile', t('contact.mobile'), false)}
        <input type="tel" autoComplete="tel" inputMode="tel" {...bind('mobile')} />
        {error('mobile')}
      </div>
      <div className="field">
        {label('message', t('contact.message'), true)}
        <textarea rows={5} required {...bind('message')} />
        {error('message')}
      </div>
      <button type="submit" className="button" aria-disabled={status.kind === 'sending'}>
        {status.kind === 'sending' ? t('outbox.sending') : t('contact.send')}
      </button>
      <p role="status" className="form-status form-status-ok">
        {status.kind === 'sent' ? status.message : ''}
      </p>
      <p role="alert" className="form-status form-status-error">
        {status.kind === 'failed' ? status.message : ''}
      </p>
    </form>
  );
}
