import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { scratchDatabase, seed, smallSeed } from './seed.ts';
const kind = (process.argv[2] ?? 'sqlite') as 'sqlite' | 'postgres';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prof-'));
const { config, drop } = await scratchDatabase(kind, dir, 'postgres://eduportal_ci:eduportal_ci@127.0.0.1:5432/postgres');
const db = openDatabase(config);
await migrateToLatest(db);
await seed(db.kysely, kind, smallSeed(100000));
const time = async (label: string, q: any) => {
  let best = 1e9;
  for (let i = 0; i < 4; i++) { const t = performance.now(); await q.execute(db.kysely); best = Math.min(best, performance.now() - t); }
  console.log(label, best.toFixed(1));
};
if (kind === 'sqlite') {
  await time('fts count', sql`select count(*) from videos_words where videos_words match '"video"*'`);
  await time('fts join count', sql`select count(*) from videos_words s join videos v on v.rowid = s.rowid where videos_words match '"video"*'`);
  await time('fts join read created', sql`select max(v.created_at) from videos_words s join videos v on v.rowid = s.rowid where videos_words match '"video"*'`);
  await time('fts join like', sql`select sum(case when (' ' || v.title_words) like '% video%' then 1 else 0 end) from videos_words s join videos v on v.rowid = s.rowid where videos_words match '"video"*'`);
  await time('fts join instr', sql`select sum(instr(' ' || v.title_words, ' video') > 0) from videos_words s join videos v on v.rowid = s.rowid where videos_words match '"video"*'`);
  await time('sort', sql`select v.id from videos_words s join videos v on v.rowid = s.rowid where videos_words match '"video"*' order by v.created_at desc, v.id desc limit 12`);
  await time('vocab about', sql`select term, doc from videos_words_vocab where term >= 'v' and term < 'w' and length(term) between 4 and 6`);
} else {
  const vec = sql.raw(`array_to_tsvector(array_remove(string_to_array(v.title_words || ' ' || v.description_words, ' '), ''))`);
  await time('gin count', sql`select count(*) from videos v where ${vec} @@ 'video:*'::tsquery`);
  await time('gin like', sql`select sum(case when (' ' || v.title_words) like '% video%' then 1 else 0 end) from videos v where ${vec} @@ 'video:*'::tsquery`);
  await time('sort', sql`select v.id from videos v where ${vec} @@ 'video:*'::tsquery order by v.created_at desc, v.id desc limit 12`);
  await time('gin rare', sql`select count(*) from videos v where ${vec} @@ '4242:*'::tsquery`);
  const r = await sql`explain analyze select count(*) from videos v where ${vec} @@ 'video:*'::tsquery`.execute(db.kysely);
  console.log(r.rows.map((x: any) => x['QUERY PLAN']).join('\n'));
}
await db.close(); await drop();
