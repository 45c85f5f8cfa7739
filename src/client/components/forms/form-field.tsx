import type { ReactNode } from 'react';
import { serverText } from '../../i18n/server-messages.ts';
import type { FieldError } from '../../../shared/contracts/envelope.ts';
import { ApiError } from '../../lib/api-client.ts';
import './forms.css';
import { currentLanguage, t } from '../../i18n/i18n.ts';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The ids a control needs so that its label and error message are announced with it. */
export function controlProps(id: string, error: string | undefined) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
}

/** A label, its control and the control's error message. */
export function FormField({
  id,
  label,
  required,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="form-field">
      <label htmlFor={id}>
        {label}{' '}
        {required === undefined ? null : (
          <span className="field-hint">{required ? t('form.required') : t('form.optional')}</span>
        )}
      </label>
      {hint ? <p className="field-note">{hint}</p> : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className="form-field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The server names some refusals relative to the field ("is taken", "must be at most 5 MB");
 * under a field those read better with its label in front.
 */
export function fieldMessage(label: string, message: string): string {
  // The rules' and the server's words are English: in Hindi, a known one is said in Hindi, any
  // other as "this field is not valid" (docs/architecture.md, "Languages").
  if (currentLanguage() !== 'en') {
    const said = serverText(message, 400);
    return said === t('server.refused') ? t('form.invalid', { label }) : said;
  }
  return /^[a-z]/.test(message) ? `${label} ${message}` : message;
}

/** A rule's own message (shared/contracts), as written in English, else as `fieldMessage` says it. */
export function ruleMessage(label: string, message: string): string {
  return currentLanguage() === 'en' ? message : fieldMessage(label, message);
}

/** The first server error of each known field, worded to stand on its own. */
export function serverFieldErrors<F extends string>(
  errors: readonly FieldError[],
  labels: Record<F, string>,
): FieldErrors<F> {
  const found: FieldErrors<F> = {};
  for (const { field, message } of errors) {
    if (field === undefined || !(field in labels)) continue;
    const key = field as F;
    found[key] ??= fieldMessage(labels[key], message);
  }
  return found;
}

/**
 * The line under a refused form. When the server named fields, their messages are under them
 * already: the line points there instead of saying the same thing again in other words.
 */
export function refusal<F extends string>(err: unknown, labels: Record<F, string>, fallback: string): string {
  if (!(err instanceof ApiError)) return fallback;
  if (Object.keys(serverFieldErrors(err.errors, labels)).length > 0) return t('form.correct');
  return serverText(err.message, err.status);
}

/** Result lines under a form, kept in the page while empty so that new text is announced. */
export function FormStatus({ ok, error }: { ok?: string; error?: string }) {
  return (
    <>
      <p role="status" className="form-note form-note-ok">
        {ok ?? ''}
      </p>
      <p role="alert" className="form-note form-note-error">
        {error ?? ''}
      </p>
    </>
  );
}
