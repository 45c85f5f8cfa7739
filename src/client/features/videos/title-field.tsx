import { FormField } from '../../components/forms/form-field.tsx';
import { formatNumber, plural, t } from '../../i18n/i18n.ts';

/** The contract's bound (shared/contracts/videos.ts: a title is 1 to 100 characters, trimmed). */
export const TITLE_MAX = 100;

/** What is wrong with a title, in the contract's terms; undefined when it may be sent. */
export function titleProblem(value: string): string | undefined {
  const title = value.trim();
  if (!title) return t('form.isRequired', { label: t('field.title') });
  if (title.length > TITLE_MAX) return t('uploadVideo.titleTooLong');
  return undefined;
}

/**
 * A video's Title: marked required, with a count of its characters. No `maxLength`: a pasted
 * title of 450 characters would be cut to 100 without a word; here it stays whole, the count
 * says how far over it is, and Submit says why it cannot go.
 */
export function TitleField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const length = value.trim().length;
  const over = length - TITLE_MAX;
  const countId = `${id}-count`;
  return (
    <FormField id={id} label={t('field.title')} required error={error}>
      <input
        id={id}
        name="title"
        value={value}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error ${countId}` : countId}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={countId} className={over > 0 ? 'title-count over' : 'title-count'}>
        {formatNumber(length)}/{formatNumber(TITLE_MAX)}
        <span className="visually-hidden"> {t('tweets.characters')}</span>
        {over > 0 ? ` · ${plural('tweets.over', over)}` : ''}
      </p>
    </FormField>
  );
}
