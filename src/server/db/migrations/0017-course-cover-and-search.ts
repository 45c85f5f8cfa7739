import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';
import { addWordSearch } from './0013-word-search.ts';

/**
 * Courses get a cover picture and search (docs/api.md, "Courses"):
 * - an index on `courses.cover`, so that "does any row still name this file?" (asked before a
 *   file is deleted, as migrations 0006 and 0009 do for the other media columns) is a lookup;
 * - the words of titles and descriptions with the same index as the videos' (0013's
 *   `addWordSearch`), so that `GET /courses?q=` finds by the rules of `GET /videos?q=`.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  await db.schema.createIndex('courses_cover_media_idx').on('courses').column('cover').execute();
  await addWordSearch(db, dialect, 'courses');
}

export async function down(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`drop table courses_words_vocab`.execute(db);
    for (const t of ['insert', 'delete', 'update'])
      await sql.raw(`drop trigger courses_words_${t}`).execute(db);
    await sql`drop table courses_words`.execute(db);
  } else {
    for (const t of ['insert', 'delete', 'update'])
      await sql.raw(`drop trigger courses_words_vocab_${t} on courses`).execute(db);
    await sql`drop function courses_words_vocab_count()`.execute(db);
    await sql`drop table courses_words_vocab`.execute(db);
    await sql`drop index courses_words_idx`.execute(db);
  }
  await sql`alter table courses drop column title_words`.execute(db);
  await sql`alter table courses drop column description_words`.execute(db);
  await db.schema.dropIndex('courses_cover_media_idx').execute();
}
