/**
 * Text that a database column cannot hold. PostgreSQL's text type refuses the NUL character
 * (SQLite would keep it, and the two must answer alike), so NUL anywhere in a request's text is
 * refused at validation with a 400 that names the field (docs/api.md, "Errors").
 */
export function firstUnstorableText(value: string): string | undefined {
  return value.includes('\u0000') ? 'must not contain the NUL character' : undefined;
}

/** The path of the first string inside `value` (an object, array or string) that has NUL in it. */
export function findUnstorable(value: unknown, at: string[] = []): string[] | undefined {
  if (typeof value === 'string') return firstUnstorableText(value) ? at : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [k, v] of Object.entries(value)) {
    if (firstUnstorableText(k)) return [...at, k];
    const found = findUnstorable(v, [...at, k]);
    if (found) return found;
  }
  return undefined;
}
