import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import {
  BACKUP_FILES,
  checkDatabase,
  databaseIsEmpty,
  restoreDatabase,
  snapshotDatabase,
} from '../db/backup.ts';
import { MediaRepository } from '../modules/media/media.repository.ts';
import { OpsError, UsageError, humanBytes, type Print } from './context.ts';

/** What a backup folder holds; written last, so a backup cut short is never taken for whole. */
export interface BackupManifest {
  format: 'eduportal-backup';
  version: 1;
  createdAt: string;
  database: 'sqlite' | 'postgres';
  databaseFile: string;
  /** Every media key the backed-up rows name, each present under media/. */
  mediaFiles: number;
  mediaBytes: number;
  /** The session key file of a SQLite box (DATA_DIR/session-secret), when there is one. */
  sessionSecret: boolean;
}

const MANIFEST = 'manifest.json';
const SESSION_SECRET = 'session-secret';
/** How many times the database is copied again when media changed under the backup (see below). */
const ATTEMPTS = 5;

/** A published media file's key, or undefined for what is not one (uploads in progress, partial writes). */
function mediaKeyOf(relative: string): string | undefined {
  const parts = relative.split(path.sep);
  if (parts.length !== 2 || parts[0]!.startsWith('.') || parts[1]!.endsWith('.part')) return undefined;
  return parts.join('/');
}

async function listMedia(mediaDir: string): Promise<string[]> {
  if (!fs.existsSync(mediaDir)) return [];
  const keys: string[] = [];
  for (const folder of await fsp.readdir(mediaDir, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    for (const entry of await fsp.readdir(path.join(mediaDir, folder.name), { withFileTypes: true })) {
      const key = entry.isFile() ? mediaKeyOf(path.join(folder.name, entry.name)) : undefined;
      if (key) keys.push(key);
    }
  }
  return keys;
}

/**
 * Puts one media file into the backup: a hard link when the backup is on the same disk (instant,
 * and a file the server deletes later lives on in the backup), a copy otherwise. Answers false
 * when the file is gone.
 */
async function keep(from: string, to: string): Promise<boolean> {
  await fsp.mkdir(path.dirname(to), { recursive: true });
  try {
    await fsp.link(from, to);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return false;
    if (code === 'EEXIST') return true;
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'EMLINK') throw err;
  }
  try {
    await fsp.copyFile(from, to);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** An empty or new folder for a backup, outside the data folder; refuses anything else. */
function prepareFolder(folder: string, config: Config): void {
  if (isInside(folder, config.dataDir)) {
    throw new UsageError(`${folder} is inside DATA_DIR (${config.dataDir}): put the backup somewhere else.`);
  }
  if (fs.existsSync(folder)) {
    if (!fs.statSync(folder).isDirectory()) throw new UsageError(`${folder} is a file, not a folder.`);
    if (fs.readdirSync(folder).length > 0) {
      throw new UsageError(`${folder} is not empty: a backup goes into an empty or new folder.`);
    }
  }
  fs.mkdirSync(folder, { recursive: true });
}

/**
 * `npm run backup -- <folder>`: the database and the media it names, as of one moment, while the
 * server keeps running.
 *
 * The rules of media (docs/api.md, "Media") make this consistent without stopping anything: a
 * file is published before the row that names it commits, and is deleted only after no row names
 * it; keys are never reused. So:
 * 1. every media file there is now goes into the backup (a hard link or a copy);
 * 2. the database is copied as of one moment, and read there for the keys its rows name;
 * 3. a named key that step 1 did not take was published between 1 and 2; it is taken now. If it
 *    is already gone (its row was deleted just after 2), steps 1 to 3 run again, since this copy
 *    of the database names a file nobody can have any more;
 * 4. files no copied row names are left out: they were being published or swept.
 * Every row acknowledged before the backup began is in the copy, and every file it names too.
 */
export async function backup(config: Config, folderArg: string, print: Print): Promise<BackupManifest> {
  if (config.s3) {
    throw new UsageError(
      `Media are in the S3 bucket ${config.s3.bucket}: back the bucket up with the store's own tools; this command backs up a school box's local media.`,
    );
  }
  const folder = path.resolve(folderArg);
  prepareFolder(folder, config);
  const mediaOut = path.join(folder, 'media');
  const started = Date.now();

  const taken = new Set<string>();
  const takeAll = async () => {
    for (const key of await listMedia(config.mediaDir)) {
      if (taken.has(key)) continue;
      if (await keep(path.join(config.mediaDir, key), path.join(mediaOut, key))) taken.add(key);
    }
  };

  let named: Set<string> | undefined;
  let file = '';
  for (let attempt = 1; attempt <= ATTEMPTS && !named; attempt += 1) {
    // Again on each try: what was published since is then taken before the database's copy.
    await takeAll();
    let snapshot: { file: string; read: Set<string> };
    try {
      snapshot = await snapshotDatabase(config.database, folder, (db) =>
        new MediaRepository(db).allReferenced(),
      );
    } catch (err) {
      throw new OpsError(`The database could not be copied: ${(err as Error).message}`);
    }
    file = snapshot.file;
    let missing = 0;
    for (const key of snapshot.read) {
      if (taken.has(key)) continue;
      if (await keep(path.join(config.mediaDir, key), path.join(mediaOut, key))) taken.add(key);
      else missing += 1;
    }
    if (missing === 0) named = snapshot.read;
    else print(`${missing} file(s) were deleted while the backup ran; copying the database again.`);
  }
  if (!named) {
    throw new OpsError(
      `Media kept changing under the backup (${ATTEMPTS} tries); run it again at a quieter moment.`,
    );
  }

  let mediaBytes = 0;
  for (const key of taken) {
    const target = path.join(mediaOut, key);
    if (named.has(key)) mediaBytes += (await fsp.stat(target)).size;
    else await fsp.rm(target, { force: true });
  }
  const secretFile = path.join(config.dataDir, SESSION_SECRET);
  const sessionSecret = config.database.kind === 'sqlite' && fs.existsSync(secretFile);
  if (sessionSecret) await fsp.copyFile(secretFile, path.join(folder, SESSION_SECRET));

  const manifest: BackupManifest = {
    format: 'eduportal-backup',
    version: 1,
    createdAt: new Date(started).toISOString(),
    database: config.database.kind,
    databaseFile: path.basename(file),
    mediaFiles: named.size,
    mediaBytes,
    sessionSecret,
  };
  await fsp.writeFile(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  const databaseBytes = (await fsp.stat(file)).size;
  print(
    `Backed up the ${config.database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database (${humanBytes(databaseBytes)}) ` +
      `and ${named.size} media file(s) (${humanBytes(mediaBytes)}) to ${folder} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  return manifest;
}

function readManifest(folder: string): BackupManifest {
  const file = path.join(folder, MANIFEST);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  } catch {
    throw new UsageError(
      `${folder} is not a whole EduPortal backup (no readable ${MANIFEST}; a backup cut short has none).`,
    );
  }
  if (manifest.format !== 'eduportal-backup' || manifest.version !== 1) {
    throw new UsageError(`${file} is not a backup this version of EduPortal can restore.`);
  }
  if (!fs.existsSync(path.join(folder, BACKUP_FILES[manifest.database]))) {
    throw new UsageError(`${folder} has no ${BACKUP_FILES[manifest.database]}: the backup is incomplete.`);
  }
  return manifest;
}

/**
 * `npm run restore -- <folder>`: fills an empty data folder (and, on PostgreSQL, an empty
 * database) from a backup, then checks what it restored. It never writes over data: a data
 * folder with anything in it, or a database with any table, is refused.
 */
export async function restore(config: Config, folderArg: string, print: Print): Promise<void> {
  const folder = path.resolve(folderArg);
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) {
    throw new UsageError(`${folder} is not a folder.`);
  }
  const manifest = readManifest(folder);
  if (config.s3)
    throw new UsageError('Media are configured in an S3 bucket: restore fills a local data folder.');
  if (manifest.database !== config.database.kind) {
    throw new UsageError(
      manifest.database === 'sqlite'
        ? 'This backup holds a SQLite database: unset DATABASE_URL to restore it into DATA_DIR.'
        : 'This backup holds a PostgreSQL database: set DATABASE_URL to an empty database to restore it into.',
    );
  }
  if (fs.existsSync(config.dataDir) && fs.readdirSync(config.dataDir).length > 0) {
    throw new UsageError(
      `DATA_DIR ${config.dataDir} is not empty: restore fills an empty (or new) data folder.`,
    );
  }
  if (!(await databaseIsEmpty(config.database))) {
    throw new UsageError('The database DATABASE_URL names is not empty: restore fills an empty database.');
  }

  fs.mkdirSync(config.mediaDir, { recursive: true });
  const started = Date.now();
  try {
    await restoreDatabase(config.database, path.join(folder, manifest.databaseFile));
  } catch (err) {
    throw new OpsError(`The database could not be restored: ${(err as Error).message}`);
  }
  const keys = await listMedia(path.join(folder, 'media'));
  for (const key of keys) {
    await fsp.mkdir(path.dirname(path.join(config.mediaDir, key)), { recursive: true });
    await fsp.copyFile(path.join(folder, 'media', key), path.join(config.mediaDir, key));
  }
  if (manifest.sessionSecret) {
    await fsp.copyFile(path.join(folder, SESSION_SECRET), path.join(config.dataDir, SESSION_SECRET));
    await fsp.chmod(path.join(config.dataDir, SESSION_SECRET), 0o600);
  }
  const problem = await checkDatabase(config.database);
  if (problem) throw new OpsError(`The restored database failed its check: ${problem}`);
  if (keys.length !== manifest.mediaFiles) {
    throw new OpsError(`The backup lists ${manifest.mediaFiles} media file(s) but holds ${keys.length}.`);
  }
  print(
    `Restored the backup of ${manifest.createdAt} (${manifest.database === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ` +
      `${keys.length} media file(s)) into ${config.dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
      'the database passed its integrity check. Start the server.',
  );
}
