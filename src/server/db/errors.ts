/**
 * Whether a database error is a unique-constraint violation, on either database: the one
 * dialect-specific fact that services need (to answer 409, or to treat a race as done).
 */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  // SQLite (better-sqlite3) reports extended result codes; PostgreSQL reports SQLSTATE 23505.
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/**
 * Whether a database error is a foreign-key violation, on either database: a row written for
 * something deleted meanwhile (a quiz removed while an attempt at it was being scored).
 */
export function isForeignKeyViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  // SQLite (better-sqlite3) reports an extended result code; PostgreSQL reports SQLSTATE 23503.
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/** The constraint or column a unique violation names, lower-cased, for telling which field clashed. */
export function violationDetail(err: unknown): string {
  if (typeof err !== 'object' || err === null) return '';
  const e = err as { message?: unknown; constraint?: unknown; detail?: unknown };
  return [e.constraint, e.detail, e.message]
    .filter((v) => typeof v === 'string')
    .join(' ')
    .toLowerCase();
}

/**
 * Whether the database refused text it cannot store. Only PostgreSQL does: SQLSTATE 22021
 * (character_not_in_repertoire, a NUL in text) or 22P05 (untranslatable_character).
 */
export function isUnstorableText(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return code === '22021' || code === '22P05';
}
