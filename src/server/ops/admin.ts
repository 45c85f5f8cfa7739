import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import type { Config } from '../config.ts';
import { databaseBytes } from '../db/backup.ts';
import { openDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { AppError } from '../errors.ts';
import { JobsRepository } from '../jobs/jobs.repository.ts';
import { MediaLibrary } from '../modules/media/media-library.ts';
import { MediaRepository } from '../modules/media/media.repository.ts';
import { findMediaTools } from '../modules/renditions/media-tools.ts';
import { RENDITIONS_JOB } from '../modules/renditions/renditions.service.ts';
import { SessionsRepository } from '../modules/users/sessions.repository.ts';
import { SessionsService } from '../modules/users/sessions.service.ts';
import { TokenSigner } from '../modules/users/tokens.ts';
import { UsersRepository } from '../modules/users/users.repository.ts';
import { UsersService } from '../modules/users/users.service.ts';
import { openStorage } from '../storage/open.ts';
import { OpsError, UsageError, humanBytes, type Print } from './context.ts';

/** Every command, with the options it takes (api-contract.md, "Operations"). */
const COMMANDS = {
  'create-user': { username: true, email: true, 'full-name': true, password: true },
  'reset-password': { username: true, password: true },
  disable: { username: true },
  enable: { username: true },
  'requeue-renditions': {},
  status: { json: false },
} as const satisfies Record<string, Record<string, boolean>>;
type Command = keyof typeof COMMANDS;

export const ADMIN_USAGE = `Usage: npm run admin -- <command> [options]
  create-user --username U --email E --full-name N --password P
  reset-password --username U --password P     (the user's sessions end)
  disable --username U / enable --username U   (a disabled user cannot sign in)
  requeue-renditions                           (every failed rendition job runs again)
  status [--json]                              (disk, database, media, jobs, ffmpeg)`;

/** The register form's field names, as this command line spells them. */
const FLAG_OF: Record<string, string> = {
  username: '--username',
  email: '--email',
  fullName: '--full-name',
  password: '--password',
};

/** Reads `argv` into a command and its options, or throws a UsageError naming what is wrong. */
export function parseAdminArgs(argv: string[]): {
  command: Command;
  values: Record<string, string | boolean>;
} {
  const [name, ...rest] = argv;
  if (!name) throw new UsageError(`No command given.\n${ADMIN_USAGE}`);
  if (!Object.hasOwn(COMMANDS, name)) {
    throw new UsageError(`Unknown command "${name}". Commands: ${Object.keys(COMMANDS).join(', ')}.`);
  }
  const command = name as Command;
  const spec = COMMANDS[command] as Record<string, boolean>;
  const options = Object.fromEntries(
    Object.entries(spec).map(
      ([flag, takesValue]) => [flag, { type: takesValue ? 'string' : 'boolean' }] as const,
    ),
  );
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: rest, options, strict: true, allowPositionals: false }));
  } catch (err) {
    // parseArgs says e.g. "Unknown option '--usrname'"; its advice about "--" does not apply here.
    throw new UsageError(`${command}: ${(err as Error).message.split('. ')[0]!.replace(/\.$/, '')}.`);
  }
  for (const [flag, takesValue] of Object.entries(spec)) {
    if (takesValue && (typeof values[flag] !== 'string' || values[flag] === '')) {
      throw new UsageError(`${command}: --${flag} is required.`);
    }
  }
  return { command, values: values as Record<string, string | boolean> };
}

interface Services {
  db: Db;
  users: UsersService;
  jobs: JobsRepository;
  media: MediaLibrary;
}

async function open(config: Config): Promise<Services> {
  const db = openDatabase(config.database);
  try {
    // A command run before the first start (or after an update, before the restart) finds the
    // schema it expects, under the same lock a start takes.
    await migrateToLatest(db);
  } catch (err) {
    await db.close();
    throw new OpsError(`The database could not be opened or migrated: ${(err as Error).message}`);
  }
  const storage = await openStorage(config);
  const media = new MediaLibrary(storage, new MediaRepository(db.kysely));
  // These commands never sign a token: the signer's key is only there to complete the service.
  const sessions = new SessionsService(
    new SessionsRepository(db.kysely),
    new TokenSigner(randomBytes(48).toString('base64url')),
    config,
  );
  return {
    db,
    users: new UsersService(new UsersRepository(db.kysely), sessions, media),
    jobs: new JobsRepository(db.kysely, db.dialect),
    media,
  };
}

/** A plain square in a colour of the username's own: an account made here has no photo yet. */
async function placeholderAvatar(media: MediaLibrary, username: string): Promise<string> {
  const [r, g, b] = createHash('sha256').update(username).digest();
  const file = media.storage.tempFile('.png');
  await fsp.mkdir(path.dirname(file), { recursive: true });
  await sharp({
    create: {
      width: 256,
      height: 256,
      channels: 3,
      background: { r: r! / 2 + 64, g: g! / 2 + 64, b: b! / 2 + 64 },
    },
  })
    .png()
    .toFile(file);
  return file;
}

/** An AppError from the services, in one line with the command line's own flag names. */
function oneLine(err: AppError): string {
  const fields = (err.errors ?? [])
    .filter((e) => e.field)
    .map((e) => `${FLAG_OF[e.field!] ?? e.field} ${e.message}`);
  return fields.length > 0 ? `${err.message}: ${fields.join('; ')}` : err.message;
}

/** Sums the bytes of the media folder (what `status` says; never run at start). */
async function mediaUsage(
  storage: MediaLibrary['storage'],
): Promise<{ files: number; bytes: number | null }> {
  let files = 0;
  let bytes = 0;
  const local = storage.place.kind === 'disk';
  for await (const object of storage.list()) {
    files += 1;
    if (local) bytes += (await storage.size(object.key)) ?? 0;
  }
  return { files, bytes: local ? bytes : null };
}

export async function runAdmin(argv: string[], config: Config, print: Print): Promise<void> {
  const { command, values } = parseAdminArgs(argv);
  const services = await open(config);
  try {
    await run(command, values, config, services, print);
  } catch (err) {
    // A value the services refuse (a short password, a taken username) is a bad argument.
    if (err instanceof AppError)
      throw err.statusCode === 400 || err.statusCode === 409
        ? new UsageError(oneLine(err))
        : new OpsError(oneLine(err));
    throw err;
  } finally {
    await services.db.close();
  }
}

async function run(
  command: Command,
  values: Record<string, string | boolean>,
  config: Config,
  { db, users, jobs, media }: Services,
  print: Print,
): Promise<void> {
  const username = String(values.username ?? '');
  switch (command) {
    case 'create-user': {
      const avatar = await placeholderAvatar(media, username);
      try {
        const user = await users.register({
          fields: {
            username,
            email: String(values.email),
            fullName: String(values['full-name']),
            password: String(values.password),
          },
          files: {
            avatar: {
              field: 'avatar',
              tempPath: avatar,
              bytes: fs.statSync(avatar).size,
              filename: 'avatar.png',
            },
          },
          cleanup: async () => {},
        });
        print(`Created user ${user.username} (${user.fullName}, ${user.email}); they can sign in now.`);
      } finally {
        await fsp.rm(avatar, { force: true });
      }
      return;
    }
    case 'reset-password': {
      const { user, sessionsEnded } = await users.resetPassword(username, String(values.password));
      print(
        `Set a new password for ${user.username}; ended ${sessionsEnded} session(s), so they sign in again.`,
      );
      return;
    }
    case 'disable': {
      const { user, changed, sessionsEnded } = await users.setDisabled(username, true);
      print(
        `${changed ? 'Disabled' : 'Already disabled:'} ${user.username}; ended ${sessionsEnded} session(s). ` +
          'They cannot sign in; their videos, comments and posts stay.',
      );
      return;
    }
    case 'enable': {
      const { user, changed } = await users.setDisabled(username, false);
      print(`${changed ? 'Enabled' : 'Already enabled:'} ${user.username}; they can sign in.`);
      return;
    }
    case 'requeue-renditions': {
      const count = await jobs.requeueFailed(RENDITIONS_JOB, new Date());
      print(
        count === 0
          ? 'No failed rendition jobs: nothing to queue.'
          : `Queued ${count} failed rendition job(s) again; the server's workers take them within seconds.`,
      );
      return;
    }
    case 'status': {
      const statfs = fs.statfsSync(
        fs.existsSync(config.dataDir) ? config.dataDir : path.dirname(config.dataDir),
      );
      const { tools, notes } = await findMediaTools({
        ...(config.renditions.ffmpegPath ? { ffmpegPath: config.renditions.ffmpegPath } : {}),
        ...(config.renditions.ffprobePath ? { ffprobePath: config.renditions.ffprobePath } : {}),
      });
      const status = {
        dataDir: config.dataDir,
        disk: { freeBytes: statfs.bavail * statfs.bsize, totalBytes: statfs.blocks * statfs.bsize },
        database: {
          kind: config.database.kind,
          bytes: await databaseBytes(config.database, db.kysely),
          ...(config.database.kind === 'sqlite' ? { file: config.database.file } : {}),
        },
        media: {
          ...(config.s3 ? { bucket: config.s3.bucket } : { folder: config.mediaDir }),
          ...(await mediaUsage(media.storage)),
        },
        renditionJobs: await jobs.counts(RENDITIONS_JOB),
        ffmpeg: tools
          ? { path: tools.ffmpeg, origin: tools.origin, version: tools.version }
          : { path: null, origin: null, version: null, problems: notes },
      };
      if (values.json) {
        print(JSON.stringify(status, null, 2));
        return;
      }
      const { disk, database, media: stored, renditionJobs: j, ffmpeg } = status;
      print(`data folder   ${status.dataDir}`);
      print(`disk free     ${humanBytes(disk.freeBytes)} of ${humanBytes(disk.totalBytes)}`);
      print(
        `database      ${database.kind === 'sqlite' ? `SQLite ${database.file}` : 'PostgreSQL'}, ${humanBytes(database.bytes)}`,
      );
      print(
        `media         ${stored.files} file(s)${stored.bytes === null ? ` in bucket ${config.s3?.bucket}` : `, ${humanBytes(stored.bytes)}`}`,
      );
      print(`renditions    ${j.waiting} waiting, ${j.running} running, ${j.failed} failed`);
      print(
        ffmpeg.path
          ? `ffmpeg        ${ffmpeg.path} (${ffmpeg.origin}): ${ffmpeg.version}`
          : `ffmpeg        none that works (${notes.join('; ')}); videos play as uploaded`,
      );
      return;
    }
  }
}
