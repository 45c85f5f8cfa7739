import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from './database.ts';
import type { Database } from './schema.ts';

/** Words of three characters or more can use the trigram index; shorter ones are checked row by row. */
const INDEXED = 3;

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The ids of the videos whose title or description contains every word (lower-case already),
 * best match first: the more words in the title, the better; then newest first. One page, and the
 * total. The index is SQLite's FTS5 trigram table or PostgreSQL's pg_trgm index (migration 0008).
 */
export async function searchVideoIds(
  db: Kysely<Database>,
  dialect: Dialect,
  words: string[],
  { limit, offset }: { limit: number; offset: number },
): Promise<{ ids: string[]; total: number }> {
  const inTitle = (word: string): RawBuilder<number> =>
    dialect === 'sqlite'
      ? // SQLite's lower() folds ASCII only; FTS5 (case_sensitive 0) matched the rest already.
        sql<number>`(instr(lower(v.title), ${word}) > 0)`
      : sql<number>`(strpos(lower(v.title), ${word}) > 0)::int`;
  const rank = sql.join(words.map(inTitle), sql` + `);
  const contains = (word: string) =>
    sql`(lower(v.title) like ${likePattern(word)} escape '\\' or lower(v.description) like ${likePattern(word)} escape '\\')`;

  let from: RawBuilder<unknown>;
  if (dialect === 'sqlite') {
    const indexed = words.filter((w) => [...w].length >= INDEXED);
    const others = words.filter((w) => [...w].length < INDEXED);
    const match = indexed.map((w) => `"${w.replaceAll('"', '""')}"`).join(' AND ');
    const where = [...(indexed.length ? [sql`videos_search match ${match}`] : []), ...others.map(contains)];
    // Without a word long enough for the index, the rows are read one by one (a short query).
    from = indexed.length
      ? sql`videos_search s join videos v on v.rowid = s.rowid where ${sql.join(where, sql` and `)}`
      : sql`videos v where ${sql.join(where, sql` and `)}`;
  } else {
    const whole = (word: string) =>
      sql`lower(v.title || ' ' || v.description) like ${likePattern(word)} escape '\\'`;
    from = sql`videos v where ${sql.join(words.map(whole), sql` and `)}`;
  }
  const total = await sql<{ n: number }>`select count(*) as n from ${from}`.execute(db);
  const page = await sql<{ id: string }>`
    select v.id as id from ${from}
    order by ${rank} desc, v.created_at desc, v.id desc
    limit ${limit} offset ${offset}`.execute(db);
  return { ids: page.rows.map((r) => r.id), total: Number(total.rows[0]?.n ?? 0) };
}
