import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import type { MigrationContext } from '../migrate.ts';
import { storedWords } from '../words.ts';
import { up as trigramsUp } from './0008-video-search.ts';

/**
 * "Search videos" by words (docs/api.md, "Search"), in place of the character trigrams of
 * migration 0008, which found letters inside words ("or" found "for").
 *
 * `addWordSearch` gives any table with `id`, `title` and `description` the same search, so that
 * a later table (courses) is searched by the same rules with one call in its own migration:
 * - `title_words` and `description_words`: the fields' words as words.ts splits them (lower
 *   case, one space between), written by the application beside the text;
 * - an index of those words: on SQLite an FTS5 table `<table>_words` reading them from the table
 *   (external content, kept in step by triggers), with prefix indexes for word beginnings; on
 *   PostgreSQL a GIN index on the words as a tsvector, made with array_to_tsvector so that
 *   PostgreSQL's own parser never splits them again;
 * - `<table>_words_vocab (term, doc)`: every word and how many rows hold it, for the typo
 *   fallback; on SQLite an fts5vocab view of the index, on PostgreSQL a table kept by triggers.
 */
export async function addWordSearch(db: Kysely<unknown>, dialect: Dialect, table: string): Promise<void> {
  const t = sql.table(table);
  const words = `${table}_words`;
  const vocab = `${table}_words_vocab`;
  await sql`alter table ${t} add column title_words text not null default ''`.execute(db);
  await sql`alter table ${t} add column description_words text not null default ''`.execute(db);

  if (dialect === 'sqlite') {
    // unicode61 splits on anything that is not a letter, mark or digit (the marks keep Devanagari
    // whole, as in words.ts); the text is already split and lower-cased, so it only finds the
    // spaces. remove_diacritics 0: "café" and "cafe" stay two words, as on PostgreSQL, whose
    // `simple` words keep their accents too.
    await sql`create virtual table ${sql.table(words)} using fts5(
      title_words, description_words, content=${sql.lit(table)}, content_rowid='rowid',
      tokenize="unicode61 remove_diacritics 0 categories 'L* M* N* Co'", prefix='1 2 3')`.execute(db);
    const w = sql.table(words);
    await sql`create trigger ${sql.raw(`${words}_insert`)} after insert on ${t} begin
      insert into ${w}(rowid, title_words, description_words) values (new.rowid, new.title_words, new.description_words);
    end`.execute(db);
    await sql`create trigger ${sql.raw(`${words}_delete`)} after delete on ${t} begin
      insert into ${w}(${w}, rowid, title_words, description_words)
        values ('delete', old.rowid, old.title_words, old.description_words);
    end`.execute(db);
    await sql`create trigger ${sql.raw(`${words}_update`)} after update of title_words, description_words on ${t} begin
      insert into ${w}(${w}, rowid, title_words, description_words)
        values ('delete', old.rowid, old.title_words, old.description_words);
      insert into ${w}(rowid, title_words, description_words) values (new.rowid, new.title_words, new.description_words);
    end`.execute(db);
    await sql`insert into ${w}(${w}) values ('rebuild')`.execute(db);
    await sql`create virtual table ${sql.table(vocab)} using fts5vocab(${sql.lit(words)}, 'row')`.execute(db);
  } else {
    await sql`create index ${sql.raw(`${words}_idx`)} on ${t} using gin ((${wordsVector('')}))`.execute(db);
    // Byte order ("C"), as FTS5 keeps its terms, so that a range of words is the same range on both.
    await sql`create table ${sql.table(vocab)} (term text collate "C" primary key, doc integer not null)`.execute(
      db,
    );
    // Counted per row that holds the word; upserts in word order, so that two writers adding the
    // same words take their row locks in the same order and never wait on each other in a circle.
    const distinct = (row: 'old' | 'new') =>
      `select distinct w from unnest(string_to_array(${row}.title_words || ' ' || ${row}.description_words, ' ')) as w where w <> '' order by w`;
    await sql
      .raw(
        `create function ${vocab}_count() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          insert into ${vocab} (term, doc) select w, -1 from (${distinct('old')}) as o
            on conflict (term) do update set doc = ${vocab}.doc - 1;
          delete from ${vocab} where doc <= 0
            and term = any(string_to_array(old.title_words || ' ' || old.description_words, ' '));
        end if;
        if tg_op in ('UPDATE', 'INSERT') then
          insert into ${vocab} (term, doc) select w, 1 from (${distinct('new')}) as n
            on conflict (term) do update set doc = ${vocab}.doc + 1;
        end if;
        return null;
      end $$`,
      )
      .execute(db);
    const trigger = (event: string, when = '') =>
      sql
        .raw(
          `create trigger ${vocab}_${event.split(' ')[0]} after ${event} on ${table} for each row ${when} execute function ${vocab}_count()`,
        )
        .execute(db);
    await trigger('insert');
    await trigger('delete');
    await trigger(
      'update of title_words, description_words',
      'when (old.title_words is distinct from new.title_words or old.description_words is distinct from new.description_words)',
    );
  }
  await fillWords(db, table);
}

/**
 * The indexed form of a row's words on PostgreSQL: the words as lexemes, exactly as stored.
 * The search must name this same expression for the index to serve it. `alias` qualifies the
 * columns ("v." in a query, "" in the index).
 */
export const wordsVector = (alias: string) =>
  sql.raw(
    `array_to_tsvector(array_remove(string_to_array(${alias}title_words || ' ' || ${alias}description_words, ' '), ''))`,
  );

const FILL_BATCH = 500;

/**
 * Writes `title_words` and `description_words` of every row from its title and description, a
 * batch of rows per statement. For rows that existed before the words did (this migration) and
 * rows written by SQL alone (the benchmark's seeder).
 */
export async function fillWords(db: Kysely<unknown>, table: string): Promise<void> {
  const t = sql.table(table);
  let after = '';
  for (;;) {
    const { rows } = await sql<{
      id: string;
      title: string;
      description: string;
    }>`select id, title, description from ${t} where id > ${after} order by id limit ${FILL_BATCH}`.execute(
      db,
    );
    if (rows.length === 0) return;
    const values = sql.join(
      rows.map((r) => sql`(${r.id}, ${storedWords(r.title)}, ${storedWords(r.description)})`),
    );
    await sql`update ${t} set title_words = x.tw, description_words = x.dw
      from (select column1 as id, column2 as tw, column3 as dw from (values ${values}) as v) as x
      where ${t}.id = x.id`.execute(db);
    after = rows.at(-1)!.id;
  }
}

export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  // The trigram index of migration 0008 goes: words replace it.
  if (dialect === 'sqlite') {
    for (const t of ['insert', 'delete', 'update'])
      await sql.raw(`drop trigger videos_search_${t}`).execute(db);
    await sql`drop table videos_search`.execute(db);
  } else {
    await sql`drop index videos_search_trgm`.execute(db);
  }
  await addWordSearch(db, dialect, 'videos');
}

export async function down(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const { dialect } = ctx;
  if (dialect === 'sqlite') {
    await sql`drop table videos_words_vocab`.execute(db);
    for (const t of ['insert', 'delete', 'update'])
      await sql.raw(`drop trigger videos_words_${t}`).execute(db);
    await sql`drop table videos_words`.execute(db);
  } else {
    for (const t of ['insert', 'delete', 'update'])
      await sql.raw(`drop trigger videos_words_vocab_${t} on videos`).execute(db);
    await sql`drop function videos_words_vocab_count()`.execute(db);
    await sql`drop table videos_words_vocab`.execute(db);
    await sql`drop index videos_words_idx`.execute(db);
  }
  await sql`alter table videos drop column title_words`.execute(db);
  await sql`alter table videos drop column description_words`.execute(db);
  // Back to the trigrams of migration 0008.
  await trigramsUp(db, ctx);
}
