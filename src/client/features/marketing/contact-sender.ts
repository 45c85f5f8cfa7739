import { isTransient } from '../../../shared/outbox/drain.ts';
import type { OutboxAction } from '../../../shared/outbox/model.ts';
import { ApiError, NetworkError, randomId, type ApiClient } from '../../lib/api-client.ts';
import { t } from '../../i18n/i18n.ts';
import { serverText } from '../../i18n/server-messages.ts';
import { siteApi } from '../../../shared/endpoints/site.ts';

export interface ContactFields {
  name: string;
  email: string;
  mobile: string;
  message: string;
}
export type ContactField = keyof ContactFields;
export type FieldErrors = Partial<Record<ContactField, string>>;

export type SendOutcome =
  { ok: true; message: string; queued?: boolean } | { ok: false; message: string; errors: FieldErrors };
export type ContactSender = (fields: ContactFields) => Promise<SendOutcome>;

export interface EmailJsConfig {
  serviceId: string;
  templateId: string;
  publicKey: string;
}

const contactFields: readonly ContactField[] = ['name', 'email', 'mobile', 'message'];
const isContactField = (field: unknown): field is ContactField =>
  typeof field === 'string' && (contactFields as readonly string[]).includes(field);

/** EmailJS is used only when all three of its settings were given at build time. */
export function emailJsConfigFrom(env: Record<string, unknown>): EmailJsConfig | null {
  const read = (key: string) => (typeof env[key] === 'string' ? (env[key] as string).trim() : '');
  const config = {
    serviceId: read('VITE_EMAILJS_SERVICE_ID'),
    templateId: read('VITE_EMAILJS_TEMPLATE_ID'),
    publicKey: read('VITE_EMAILJS_PUBLIC_KEY'),
  };
  return config.serviceId && config.templateId && config.publicKey ? config : null;
}

/**
 * The contact form's checks (docs/product.md, "Checks made before sending"): name, email and
 * message required, mobile optional and numeric, and the contract's formats and lengths
 * (src/shared/contracts/contact.ts, in its own words), so that every field's problem shows at
 * once instead of one after another, one answer of the server at a time. Written out rather than
 * imported: the contract's zod would double this page's code.
 */
export function checkContactFields(fields: ContactFields): FieldErrors {
  const errors: FieldErrors = {};
  const name = fields.name.trim();
  const email = fields.email.trim();
  const mobile = fields.mobile.trim();
  const message = fields.message.trim();
  if (!name) errors.name = t('form.isRequired', { label: t('contact.name') });
  else if (name.length > 100) errors.name = t('contact.nameTooLong');
  if (!email) errors.email = t('form.isRequired', { label: t('field.email') });
  else if (email.length > 254) errors.email = t('contact.emailTooLong');
  else if (!/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email)) errors.email = t('contact.emailInvalid');
  if (!/^\+?[0-9]*$/.test(mobile)) errors.mobile = t('contact.mobileDigits');
  else if (mobile && !/^\+?[0-9]{6,15}$/.test(mobile)) errors.mobile = t('contact.mobileLength');
  if (!message) errors.message = t('form.isRequired', { label: t('contact.message') });
  else if (message.length > 5000) errors.message = t('contact.messageTooLong');
  return errors;
}

const fixFields = (): string => t('contact.fix');

function firstErrorPerField(list: readonly { field?: unknown; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, message } of list) {
    if (isContactField(field) && !errors[field]) errors[field] = message;
  }
  return errors;
}

/** Puts a message in the outbox under the key its first attempt used. */
export type ContactQueue = (
  action: Extract<OutboxAction, { kind: 'contact' }>,
  key: string,
) => Promise<unknown>;

export const queuedMessage = (): string => t('contact.queued');

// The outbox's own rule for answers worth trying again, so a queued message is retried exactly
// when the form's attempt would have been.
const cannotAnswerNow = (err: unknown) =>
  err instanceof NetworkError || (err instanceof ApiError && isTransient(err.status));

async function sendToServer(
  api: ApiClient,
  fields: ContactFields,
  queue: ContactQueue | undefined,
): Promise<SendOutcome> {
  const body = { ...fields, mobile: fields.mobile || undefined };
  const key = randomId();
  try {
    const { message } = await api.post(siteApi.contact.path(), body, { headers: { 'Idempotency-Key': key } });
    return { ok: true, message: serverText(message, 200) };
  } catch (err) {
    if (err instanceof ApiError && err.errors.length > 0) {
      return { ok: false, message: fixFields(), errors: firstErrorPerField(err.errors) };
    }
    // No connection, or a server that cannot answer now: the message waits in the outbox, under
    // the same key, so that if this attempt did land the replay is not a second message.
    if (queue && cannotAnswerNow(err)) {
      try {
        await queue({ kind: 'contact', ...fields, mobile: fields.mobile || undefined }, key);
        return { ok: true, message: queuedMessage(), queued: true };
      } catch {
        // No IndexedDB (storage off): say it was not sent, below, so nothing is lost silently.
      }
    }
    const reason =
      err instanceof ApiError
        ? serverText(err.message, err.status)
        : err instanceof NetworkError
          ? serverText(err.message)
          : t('routeError.generic');
    return { ok: false, message: t('contact.notSent', { reason }), errors: {} };
  }
}

/**
 * EmailJS has no server of ours in front of it, so the contract's full checks run here first;
 * the library and the checks are downloaded only when EmailJS is configured and used.
 */
async function sendWithEmailJs(config: EmailJsConfig, fields: ContactFields): Promise<SendOutcome> {
  const [{ contactInputSchema }, emailjs] = await Promise.all([
    import('../../../shared/contracts/contact.ts'),
    import('emailjs-com'),
  ]);
  const parsed = contactInputSchema.safeParse(fields);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ field: issue.path[0], message: issue.message }));
    return { ok: false, message: fixFields(), errors: firstErrorPerField(issues) };
  }
  const { name, email, mobile, message } = parsed.data;
  try {
    await emailjs.send(
      config.serviceId,
      config.templateId,
      { from_name: name, from_email: email, mobile: mobile ?? '', message },
      config.publicKey,
    );
    return { ok: true, message: t('contact.sent') };
  } catch (err) {
    const status = (err as { status?: unknown } | null)?.status;
    const reason =
      status === 0 || status === undefined ? t('contact.emailUnreachable') : t('contact.emailRefused');
    return { ok: false, message: t('contact.notSent', { reason }), errors: {} };
  }
}

/**
 * Sends a contact message through EmailJS when it is configured, else to POST /api/v1/contact,
 * queueing it in the outbox (when given one) if the server cannot be reached. EmailJS is a
 * service of its own and cannot take a replay key, so its messages are not queued.
 */
export function createContactSender({
  api,
  emailJs,
  queue,
}: {
  api: ApiClient;
  emailJs: EmailJsConfig | null;
  queue?: ContactQueue;
}): ContactSender {
  return (fields) => (emailJs ? sendWithEmailJs(emailJs, fields) : sendToServer(api, fields, queue));
}
