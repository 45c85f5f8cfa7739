import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * An index for "Search videos" (`GET /videos?q=`, docs/api.md): any word of any script, matched
 * inside titles and descriptions, case-insensitive, without reading every row.
 *
 * Both databases index character trigrams, so that both answer the same question (does the text
 * contain this word?) and Hindi works: word tokenizers split Devanagari at its vowel signs.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  if (dialect === 'sqlite') {
    // FTS5 with the trigram tokenizer, reading its text from `videos` (external content: the text
    // is not stored twice), kept in step by triggers in the statement that changes the row.
    await sql`create virtual table videos_search using fts5(
      title, description, content='videos', content_rowid='rowid',
      tokenize='trigram case_sensitive 0')`.execute(db);
    await sql`create trigger videos_search_insert after insert on videos begin
      insert into videos_search(rowid, title, description) values (new.rowid, new.title, new.description);
    end`.execute(db);
    await sql`create trigger videos_search_delete after delete on videos begin
      insert into videos_search(videos_search, rowid, title, description)
        values ('delete', old.rowid, old.title, old.description);
    end`.execute(db);
    await sql`create trigger videos_search_update after update of title, description on videos begin
      insert into videos_search(videos_search, rowid, title, description)
        values ('delete', old.rowid, old.title, old.description);
      insert into videos_search(rowid, title, description) values (new.rowid, new.title, new.description);
    end`.execute(db);
    await sql`insert into videos_search(videos_search) values ('rebuild')`.execute(db);
    return;
  }
  // pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it.
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index videos_search_trgm on videos
    using gin (lower(title || ' ' || description) gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  if (dialect === 'sqlite') {
    for (const t of ['insert', 'delete', 'update'])
      await sql.raw(`drop trigger videos_search_${t}`).execute(db);
    await sql`drop table videos_search`.execute(db);
    return;
  }
  await sql`drop index videos_search_trgm`.execute(db);
}
