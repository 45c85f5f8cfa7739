import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../scripts/lib/services.mjs';
import { openDatabase, type Db } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { until } from '../helpers/until.ts';

// Instances that start at once and migrate a fresh database through PgBouncer in transaction
// mode, as the cluster's do (docs/deploy.md, "Migrations"). Their own PgBouncer, in front of the
// cluster's PostgreSQL, serves any database name, so that each round starts from an empty one.

const cluster = inject('cluster');
const direct = new URL(cluster.databaseUrl);
let bouncer: ChildProcess | undefined;
let bouncerPort = 0;
let admin: pg.Client;

/** Root may not run PgBouncer: it runs as the postgres user then, as the cluster's does. */
function serviceUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const uid = Number(spawnSync('id', ['-u', 'postgres']).stdout.toString().trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres']).stdout.toString().trim());
  return Number.isInteger(uid) && uid > 0 ? { uid, gid } : {};
}

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(cluster.dir, 'migrations-bouncer-'));
  const user = serviceUser();
  if (user.uid !== undefined) fs.chownSync(dir, user.uid, user.gid!);
  bouncerPort = await freePort();
  const conf = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(
    conf,
    [
      '[databases]',
      `* = host=${direct.hostname} port=${direct.port} user=${direct.username}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${bouncerPort}`,
      'unix_socket_dir =',
      'auth_type = any',
      'pool_mode = transaction',
      'default_pool_size = 20',
      'max_client_conn = 200',
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  const child = spawn('pgbouncer', [conf], { ...user, stdio: 'ignore' });
  child.on('error', () => undefined);
  bouncer = child;
  await until(
    'PgBouncer for the migration tests',
    () =>
      new Promise<true | undefined>((resolve) => {
        if (child.exitCode !== null) throw new Error(`pgbouncer exited (${child.exitCode})`);
        const socket = net.connect(bouncerPort, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(undefined));
      }),
    15_000,
  );
  admin = new pg.Client({ connectionString: cluster.databaseUrl });
  await admin.connect();
});

afterAll(async () => {
  await admin?.end();
  const child = bouncer;
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
});

/** An empty database, and `instances` app pools on it through the PgBouncer. */
async function freshDatabase(instances: number): Promise<{ name: string; dbs: Db[]; drop(): Promise<void> }> {
  const name = `eduportal_m_${randomBytes(5).toString('hex')}`;
  await admin.query(`create database "${name}"`);
  const url = `postgres://${direct.username}@127.0.0.1:${bouncerPort}/${name}`;
  const dbs = Array.from({ length: instances }, () =>
    openDatabase({ kind: 'postgres', connectionString: url }),
  );
  return {
    name,
    dbs,
    async drop() {
      await Promise.all(dbs.map((db) => db.close()));
      await admin.query(`drop database "${name}" with (force)`);
    },
  };
}

/** Advisory locks that any session holds in database `name`: a run must leave none behind. */
async function advisoryLocks(name: string): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(
    `select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database
     where l.locktype = 'advisory' and d.datname = $1`,
    [name],
  );
  return rows[0]!.n;
}

describe('migrations through PgBouncer in transaction mode', () => {
  // Each round starts the second instance a little later than the first, so that across the
  // rounds it arrives at every point of the first one's run; the checks hold whenever it arrives.
  it('run once when two instances start at once, all in one transaction under the lock', async () => {
    for (let round = 0; round < 10; round++) {
      const { name, dbs, drop } = await freshDatabase(2);
      try {
        const settled = await Promise.allSettled(
          dbs.map(async (db, i) => {
            if (i > 0) await new Promise((resolve) => setTimeout(resolve, (round % 5) * 100));
            return migrateToLatest(db);
          }),
        );
        const failures = settled.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
        expect(failures, `round ${round}`).toEqual([]);
        const ran = settled
          .map((s) => (s.status === 'fulfilled' ? (s.value.results?.length ?? 0) : -1))
          .sort((a, b) => a - b);
        const { rows } = await sql<{ name: string; xmin: string }>`
          select name, xmin::text as xmin from kysely_migration`.execute(dbs[0]!.kysely);
        expect(ran, `round ${round}`).toEqual([0, rows.length]);
        expect(rows.map((r) => r.name)).toContain('0005-counters');
        expect(new Set(rows.map((r) => r.xmin)).size, `round ${round}`).toBe(1);
        expect(await advisoryLocks(name)).toBe(0);
      } finally {
        await drop();
      }
    }
  });

  // PgBouncer keeps a server connection open after its client leaves: a session lock left on it
  // by a failed run would stay held, for every later run on another server connection to wait on.
  it('report a failed migration by name and leave no lock on any server connection', async () => {
    const { name, dbs, drop } = await freshDatabase(2);
    try {
      // A table in the way of one of 0003's.
      await sql`create table subscriptions (id text)`.execute(dbs[0]!.kysely);
      await expect(migrateToLatest(dbs[0]!)).rejects.toThrow(
        /migration 0003-channels failed: .*"subscriptions" already exists/,
      );
      expect(await advisoryLocks(name)).toBe(0);
      await expect(migrateToLatest(dbs[1]!)).rejects.toThrow(/migration 0003-channels failed/);
      // Nothing of the run stayed: not 0002's tables, not the migrator's own.
      const { rows } = await sql<{ users: string | null; migrations: string | null }>`
        select to_regclass('users')::text as users, to_regclass('kysely_migration')::text as migrations`.execute(
        dbs[1]!.kysely,
      );
      expect(rows[0]).toEqual({ users: null, migrations: null });
    } finally {
      await drop();
    }
  });
});
