const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A stored ISO time as the reader's own calendar date. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}
