import { formatNumber, locale, t } from '../i18n/i18n.ts';

/** A stored ISO time as the reader's own calendar date, in the language on show. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(locale(), { dateStyle: 'medium' }).format(date);
}

const one = { maximumFractionDigits: 1, minimumFractionDigits: 1 };

/** A size as a student reads it: "9.8 MB", "640 KB" (units as Indian phones write them, in both languages). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1e9) return `${formatNumber(bytes / 1e9, one)} GB`;
  if (bytes >= 1e6) return `${formatNumber(bytes / 1e6, one)} MB`;
  if (bytes >= 1e3) return `${formatNumber(Math.round(bytes / 1e3))} KB`;
  return `${formatNumber(bytes)} B`;
}

/** A wait as a student reads it: "45 s", "3 min", "1 h 5 min". */
export function formatSeconds(seconds: number): string {
  if (seconds < 60) return t('unit.seconds', { n: formatNumber(Math.max(1, Math.round(seconds))) });
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t('unit.minutes', { n: formatNumber(minutes) });
  return `${t('unit.hours', { n: formatNumber(Math.floor(minutes / 60)) })} ${t('unit.minutes', { n: formatNumber(minutes % 60) })}`;
}
