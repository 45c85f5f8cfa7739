import { afterEach, describe, expect, it } from 'vitest';
import { MediaJournal } from '../../src/server/modules/media/media-journal.ts';
import { MediaLibrary } from '../../src/server/modules/media/media-library.ts';
import { MediaRepository } from '../../src/server/modules/media/media.repository.ts';
import { LocalDiskStorage } from '../../src/server/storage/local-disk.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../helpers/databases.ts';

// A picture replaced (rule 3 of media-library.ts): the row stops naming the old file, then the
// file is released. A crash between the two used to leave the old file unnamed until the sweep's
// grace had passed (an hour on PostgreSQL); the crash journey in media-journal.test.ts hit that
// window once under load. Here the crash is placed in the window on purpose.
describe.each(databaseKinds)('a replaced picture and a crash, on %s', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  const setUp = async () => {
    database = await createTestDatabase(kind);
    const { db, dir } = database;
    const storage = new LocalDiskStorage(`${dir}/media`);
    const life = () =>
      new MediaLibrary(
        storage,
        new MediaRepository(db.kysely),
        undefined,
        new MediaJournal(db.kysely, 'app-1', 60_000),
      );
    const now = new Date().toISOString();
    await storage.put('images/old.webp', Buffer.from('old picture'));
    await db.kysely
      .insertInto('users')
      .values({
        id: 'u1',
        username: 'asha',
        email: 'asha@school.example',
        full_name: 'Asha Rao',
        password_hash: 'x',
        avatar: 'images/old.webp',
        cover_image: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const swap = () =>
      db.kysely.updateTable('users').set({ avatar: 'images/new.webp' }).where('id', '=', 'u1').execute();
    return { storage, life, swap, db };
  };

  it('the next start deletes the old file when the crash came after the row changed', async () => {
    const { storage, life, swap } = await setUp();
    const first = life();
    await first.publish('images/new.webp', Buffer.from('new picture'));
    await first.releasing('images/old.webp');
    await swap();
    await first.settle(['images/new.webp']);
    // The process dies here, before release(['images/old.webp']).
    const removed = await life().recover({ ownPreviousLife: true });
    expect(removed).toEqual(['images/old.webp']);
    expect(await storage.exists('images/old.webp')).toBe(false);
    expect(await storage.exists('images/new.webp')).toBe(true);
  });

  it('the next start keeps the old file when the crash came before the row changed', async () => {
    const { storage, life } = await setUp();
    const first = life();
    await first.publish('images/new.webp', Buffer.from('new picture'));
    await first.releasing('images/old.webp');
    // The process dies here: the row still names the old picture, the new one is named by none.
    const removed = await life().recover({ ownPreviousLife: true });
    expect(removed).toEqual(['images/new.webp']);
    expect(await storage.exists('images/old.webp')).toBe(true);
  });

  it('two replacements racing journal the file they may both release once, and release ends it', async () => {
    const { storage, life, swap, db } = await setUp();
    const media = life();
    await media.releasing('images/old.webp');
    await media.releasing('images/old.webp');
    await swap();
    await media.release(['images/old.webp']);
    expect(await storage.exists('images/old.webp')).toBe(false);
    expect(await db.kysely.selectFrom('media_writes').select('key').execute()).toEqual([]);
  });
});
