import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWordSearch } from '../../src/server/db/migrations/0013-word-search.ts';
import { searchByWords, type SearchTable } from '../../src/server/db/search.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../helpers/databases.ts';

// The search is a module for any table with a title and a description (courses will be one):
// one call in a migration gives a table its words, index and vocabulary, and the same rules
// answer. Shown here on a table made for the test, rows written by SQL before and after the call.
describe.each(databaseKinds)('the search module on another table, on %s', (kind) => {
  let database: TestDatabase;
  let db: Kysely<unknown>;
  const table = 'course_like_things' as SearchTable;
  const search = (q: string) => searchByWords(db, kind, table, q, { limit: 10, offset: 0 });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db.kysely as unknown as Kysely<unknown>;
    await sql`create table course_like_things (id text primary key, title text not null,
      description text not null, created_at text not null)`.execute(db);
    // A row from before the call: the call fills its words.
    await sql`insert into course_like_things (id, title, description, created_at)
      values ('old', 'Algebra for class 8', 'Equations, step by step.', '2026-01-01T00:00:00Z')`.execute(db);
    await addWordSearch(db, kind, 'course_like_things');
    // Rows written after it carry their words, as a repository writes them.
    await sql`insert into course_like_things (id, title, description, created_at, title_words, description_words)
      values ('new', 'Forest walks', 'Trees and the order of seasons.', '2026-02-01T00:00:00Z', 'forest walks', 'trees and the order of seasons'),
             ('hindi', 'बीजगणित की कक्षा', 'समीकरण', '2026-03-01T00:00:00Z', 'बीजगणित की कक्षा', 'समीकरण')`.execute(
      db,
    );
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('matches words and beginnings, ranks, and forgives a typo on that table', async () => {
    expect(await search('algebra')).toEqual({ ids: ['old'], total: 1 });
    expect(await search('equa')).toEqual({ ids: ['old'], total: 1 });
    // "or" is inside "for" and "Forest", and begins "order".
    expect(await search('or')).toEqual({ ids: ['new'], total: 1 });
    expect(await search('बीज')).toEqual({ ids: ['hindi'], total: 1 });
    expect(await search('algebar')).toEqual({ ids: ['old'], total: 1, suggestion: 'algebra' });
    expect(await search('"')).toEqual({ ids: [], total: 0 });
  });
});
