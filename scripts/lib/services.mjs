// The daemons of a local cluster (docs/deploy.md, "A district on one machine"): PostgreSQL with
// PgBouncer in transaction mode, Redis, Ceph's radosgw as the S3 store, app instances and nginx.
// Each runs in the foreground as a child of this process, bound to 127.0.0.1, with its files
// in a folder of `dir`; each is stopped by its PID. Used by `npm run cluster` (scripts/cluster.mjs)
// and `npm run test:cluster` (tests/cluster/).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { root } from './build.mjs';

const PG_BIN = (() => {
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort() : [];
  return versions.length ? `/usr/lib/postgresql/${versions.at(-1)}/bin` : '';
})();

/** The Debian packages the cluster needs, by the command each provides. */
export const NEEDED = {
  'redis-server': 'redis-server',
  pgbouncer: 'pgbouncer',
  nginx: 'nginx',
  radosgw: 'radosgw',
  'ceph-mon': 'ceph-mon',
  'ceph-osd': 'ceph-osd',
};

/** Commands missing here, as Debian package names. */
export function missingPackages() {
  const missing = Object.entries(NEEDED)
    .filter(([command]) => spawnSync('sh', ['-c', `command -v ${command}`]).status !== 0)
    .map(([, pkg]) => pkg);
  if (!PG_BIN) missing.push('postgresql');
  return [...new Set(missing)];
}

/** Ports this process has already handed out: the kernel may offer a closed probe's port again. */
const handedOut = new Set();

/**
 * A port nothing listens on now and that this process has not handed out before, so that two
 * daemons started side by side never race for one port.
 */
export async function freePort() {
  for (;;) {
    const port = await new Promise((resolve, reject) => {
      const probe = net.createServer();
      probe.on('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const { port: offered } = probe.address();
        probe.close(() => resolve(offered));
      });
    });
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function until(what, check, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (child && child.exitCode !== null) throw new Error(`${what} exited (code ${child.exitCode})`);
    if (Date.now() > deadline) throw new Error(`${what} did not start within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

const portOpen = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/** Root cannot run PostgreSQL or PgBouncer: they run as the postgres user, when this is root. */
function serviceUser() {
  if (process.getuid?.() !== 0) return {};
  const uid = Number(spawnSync('id', ['-u', 'postgres']).stdout.toString().trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres']).stdout.toString().trim());
  return Number.isInteger(uid) && uid > 0 ? { uid, gid } : {};
}

/**
 * A daemon in the foreground, its output in `<dir>/<name>.log`. `stop()` sends SIGTERM to its
 * PID, waits, and sends SIGKILL after `graceMs`.
 */
function daemon(name, dir, command, args, options = {}, started = undefined) {
  const log = fs.openSync(path.join(dir, `${name}.log`), 'a');
  const child = spawn(command, args, { stdio: ['ignore', log, log], ...options });
  fs.closeSync(log);
  child.on('error', () => undefined);
  const stop = async (signal = 'SIGTERM', graceMs = 10_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
  const handle = { name, child, pid: child.pid, log: path.join(dir, `${name}.log`), stop };
  // Tracked from the moment it runs, so that a stop while it is still starting reaches it.
  started?.push(handle);
  return handle;
}

/** PostgreSQL, a fresh cluster in `<dir>/pg`, trust auth on loopback, database and role `eduportal`. */
export async function startPostgres(dir, started) {
  const data = path.join(dir, 'pg');
  fs.mkdirSync(data, { recursive: true, mode: 0o700 });
  const user = serviceUser();
  if (user.uid) {
    fs.chownSync(dir, user.uid, user.gid);
    fs.chownSync(data, user.uid, user.gid);
  }
  const init = spawnSync(
    path.join(PG_BIN, 'initdb'),
    ['-D', data, '-U', 'eduportal', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'],
    { ...user, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await freePort();
  const pg = daemon(
    'postgres',
    dir,
    path.join(PG_BIN, 'postgres'),
    [
      '-D',
      data,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${dir}`,
      '-c',
      'fsync=off',
      '-c',
      'max_connections=100',
    ],
    user,
    started,
  );
  await until('PostgreSQL', () => portOpen(port), 30_000, pg.child);
  await until(
    'PostgreSQL',
    async () =>
      spawnSync(path.join(PG_BIN, 'pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(port)]).status === 0,
    30_000,
    pg.child,
  );
  const created = spawnSync(path.join(PG_BIN, 'createdb'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'eduportal',
    'eduportal',
  ]);
  if (created.status !== 0) throw new Error(`createdb failed: ${created.stderr}`);
  return { ...pg, port, url: `postgres://eduportal@127.0.0.1:${port}/eduportal` };
}

/**
 * PgBouncer in transaction mode in front of `pg`: a server connection is lent for one
 * transaction only, so nothing may rely on session state (docs/deploy.md, "PgBouncer").
 */
export async function startPgbouncer(dir, pg, started) {
  const port = await freePort();
  const conf = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(
    conf,
    [
      '[databases]',
      `eduportal = host=127.0.0.1 port=${pg.port} dbname=eduportal user=eduportal`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir =`,
      'auth_type = any',
      'pool_mode = transaction',
      'default_pool_size = 20',
      'max_client_conn = 500',
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${path.join(dir, 'pgbouncer-own.log')}`,
      '',
    ].join('\n'),
  );
  const user = serviceUser();
  if (user.uid) fs.chownSync(conf, user.uid, user.gid);
  const bouncer = daemon('pgbouncer', dir, 'pgbouncer', [conf], user, started);
  await until('PgBouncer', () => portOpen(port), 15_000, bouncer.child);
  return { ...bouncer, port, url: `postgres://eduportal@127.0.0.1:${port}/eduportal` };
}

export async function startRedis(dir, started) {
  const port = await freePort();
  const redis = daemon(
    'redis',
    dir,
    'redis-server',
    ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no', '--dir', dir],
    {},
    started,
  );
  await until('Redis', () => portOpen(port), 15_000, redis.child);
  return { ...redis, port, url: `redis://127.0.0.1:${port}` };
}

/**
 * Ceph's radosgw as a real S3 store on one node: one monitor, one OSD on memstore (objects in
 * memory, at most 512 MiB), no cephx, and radosgw's beast front end on loopback. From nothing to
 * an S3 answer takes about 12 s here (bench/radosgw-probe.ts; docs/deploy.md).
 */
export async function startRadosgw(dir, started = []) {
  const base = path.join(dir, 'ceph');
  for (const sub of ['run', 'log', 'mon', 'osd/ceph-0'])
    fs.mkdirSync(path.join(base, sub), { recursive: true });
  const monPort = await freePort();
  const port = await freePort();
  const fsid = crypto.randomUUID();
  const conf = path.join(base, 'ceph.conf');
  fs.writeFileSync(
    conf,
    `[global]
fsid = ${fsid}
mon host = v1:127.0.0.1:${monPort}
mon initial members = a
ms bind msgr2 = false
auth cluster required = none
auth service required = none
auth client required = none
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd crush chooseleaf type = 0
mon allow pool size one = true
mon warn on pool no redundancy = false
mon max pg per osd = 1000
run dir = ${base}/run
admin socket = ${base}/run/$name.asok
log file = ${base}/log/$name.log
mon data = ${base}/mon/$cluster-$id
osd data = ${base}/osd/$cluster-$id
osd objectstore = memstore
memstore device bytes = 536870912
keyring = ${base}/keyring
[osd]
# Placed in the CRUSH map below, before it starts: at start with no cephx, an OSD may ask the
# monitor before it has the monitor map, be refused ("wrong fsid") and exit.
osd crush update on start = false
osd class update on start = false
[client.rgw.a]
rgw frontends = beast endpoint=127.0.0.1:${port}
`,
  );
  const c = ['-c', conf];
  const run = (cmd, args, timeout = 60_000) => {
    const r = spawnSync(cmd, args, { timeout, stdio: ['ignore', 'pipe', 'pipe'] });
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr || r.error}`);
    return r.stdout.toString().trim();
  };
  // A monitor that has just started can still refuse a command while it settles ("problem getting
  // command descriptions from mon", EPERM); the same command a moment later goes through.
  const cephCommand = (args) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return run('ceph', args);
      } catch (error) {
        if (attempt === 10 || !/EPERM|command descriptions/.test(String(error))) throw error;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
      }
    }
  };
  const startedAt = Date.now();
  run('ceph-authtool', [
    '--create-keyring',
    `${base}/keyring`,
    '--gen-key',
    '-n',
    'mon.',
    '--cap',
    'mon',
    'allow *',
  ]);
  run('monmaptool', [
    '--create',
    '--addv',
    'a',
    `[v1:127.0.0.1:${monPort}]`,
    '--fsid',
    fsid,
    `${base}/monmap`,
  ]);
  run('ceph-mon', [...c, '--mkfs', '-i', 'a', '--monmap', `${base}/monmap`, '--keyring', `${base}/keyring`]);
  const mon = daemon('ceph-mon', base, 'ceph-mon', [...c, '-i', 'a', '-f'], {}, started);
  const daemons = [mon];
  try {
    await until('ceph-mon', () => portOpen(monPort), 30_000, mon.child);
    const osdUuid = crypto.randomUUID();
    const osdId = run('ceph', [...c, '--connect-timeout', '30', 'osd', 'create', osdUuid]);
    run('ceph-osd', [...c, '-i', osdId, '--mkfs', '--osd-uuid', osdUuid]);
    cephCommand([...c, 'osd', 'crush', 'add-bucket', 'node', 'host']);
    cephCommand([...c, 'osd', 'crush', 'move', 'node', 'root=default']);
    cephCommand([...c, 'osd', 'crush', 'add', `osd.${osdId}`, '1.0', 'host=node']);
    const osd = daemon('ceph-osd', base, 'ceph-osd', [...c, '-i', osdId, '-f'], {}, started);
    const rgw = daemon('radosgw', base, 'radosgw', [...c, '-n', 'client.rgw.a', '-f'], {}, started);
    daemons.push(osd, rgw);
    await until(
      'radosgw',
      async () => {
        const res = await fetch(`http://127.0.0.1:${port}/`);
        return res.status === 200 || res.status === 403;
      },
      120_000,
      rgw.child,
    );
    const accessKeyId = 'eduportal';
    const secretAccessKey = 'eduportal-cluster-secret';
    run('radosgw-admin', [
      ...c,
      'user',
      'create',
      '--uid=eduportal',
      '--display-name=EduPortal',
      `--access-key=${accessKeyId}`,
      `--secret-key=${secretAccessKey}`,
    ]);
    return {
      name: 'radosgw',
      pids: daemons.map((d) => d.pid),
      daemons,
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId,
      secretAccessKey,
      startMs: Date.now() - startedAt,
      async stop() {
        for (const d of [...daemons].reverse()) await d.stop();
      },
    };
  } catch (err) {
    for (const d of [...daemons].reverse()) await d.stop();
    throw err;
  }
}

/** Resident memory of a process, in kB (from /proc). */
export function rssKb(pid) {
  try {
    const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
    return line ? Number(line[1]) : 0;
  } catch {
    return 0;
  }
}

/** The built server's entry point, and the environment it runs on loopback with (plus `env`). */
export const SERVER_MAIN = path.join(root, 'dist/server/server/main.js');
export function serverEnv(port, dataDir, env = {}) {
  return {
    PATH: process.env.PATH ?? '',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...env,
  };
}

/** One app instance: the built server (dist/server) with its own DATA_DIR and port. */
export async function startApp(dir, name, env, { port, wait = true, started } = {}) {
  port ??= await freePort();
  const dataDir = path.join(dir, name);
  fs.mkdirSync(dataDir, { recursive: true });
  const app = daemon(
    name,
    dir,
    process.execPath,
    [SERVER_MAIN],
    {
      cwd: root,
      env: serverEnv(port, dataDir, { INSTANCE_ID: name, ...env }),
    },
    started,
  );
  const url = `http://127.0.0.1:${port}`;
  const ready = () =>
    until(`app ${name}`, async () => (await fetch(`${url}/api/v1/healthcheck`)).ok, 60_000, app.child);
  if (wait) await ready();
  return { ...app, port, url, ready };
}

/**
 * nginx in front of the app instances: round robin; a request that cannot reach an instance
 * (connection refused, or a 502/503 from one shutting down) goes to the next, which nginx does
 * only for requests that never reached an instance, or are idempotent methods (docs/deploy.md).
 */
export async function startNginx(dir, upstreams, { port, started } = {}) {
  port ??= await freePort();
  const base = path.join(dir, 'nginx');
  fs.mkdirSync(base, { recursive: true });
  const conf = path.join(base, 'nginx.conf');
  const asRoot = process.getuid?.() === 0;
  fs.writeFileSync(
    conf,
    `${asRoot ? 'user root root;' : ''}
worker_processes 1;
daemon off;
pid ${base}/nginx.pid;
error_log ${base}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${base}/body;
  proxy_temp_path ${base}/proxy;
  fastcgi_temp_path ${base}/fastcgi;
  uwsgi_temp_path ${base}/uwsgi;
  scgi_temp_path ${base}/scgi;
  upstream app {
${upstreams.map((u) => `    server 127.0.0.1:${u} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 300m;
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      # The address nginx saw, never one the client wrote: rate limits key on it (TRUST_PROXY).
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Uploads stream through to the app (tus chunks, multipart forms), never spooled here.
      proxy_request_buffering off;
      proxy_buffering off;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
    }
  }
}
`,
  );
  const nginx = daemon('nginx', base, 'nginx', ['-c', conf, '-p', base], {}, started);
  await until('nginx', () => portOpen(port), 15_000, nginx.child);
  return { ...nginx, port, url: `http://127.0.0.1:${port}` };
}

/** Makes the bucket, if it is not there; the app expects it to exist. */
export async function ensureBucket(s3) {
  const { S3Client, CreateBucketCommand, HeadBucketCommand } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  try {
    await client.send(new HeadBucketCommand({ Bucket: s3.bucket }));
  } catch {
    await client.send(new CreateBucketCommand({ Bucket: s3.bucket }));
  }
  client.destroy();
}

/**
 * The whole district on this machine: PostgreSQL behind PgBouncer (transaction mode), Redis,
 * radosgw with a bucket, `instances` app instances started at once (so they race to migrate), and
 * nginx in front. `appEnv` adds settings to every instance. Answers what was started and how to
 * stop it all, in reverse order.
 */
export async function startCluster(dir, { instances = 2, appEnv = {}, log = () => {}, started = [] } = {}) {
  const stopAll = async () => {
    for (const s of [...started].reverse()) await s.stop().catch(() => undefined);
  };
  try {
    log('starting PostgreSQL');
    const pg = await startPostgres(dir, started);
    log('starting PgBouncer (transaction mode)');
    const bouncer = await startPgbouncer(dir, pg, started);
    log('starting Redis');
    const redis = await startRedis(dir, started);
    log('starting radosgw (S3)');
    const rgw = await startRadosgw(dir, started);
    const s3 = { ...rgw, bucket: 'eduportal-media' };
    await ensureBucket(s3);
    const env = {
      DATABASE_URL: bouncer.url,
      REDIS_URL: redis.url,
      S3_ENDPOINT: rgw.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: rgw.accessKeyId,
      S3_SECRET_ACCESS_KEY: rgw.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      TRUST_PROXY: 'true',
      ...appEnv,
    };
    log(`starting ${instances} app instances at once`);
    const apps = await Promise.all(
      Array.from({ length: instances }, (_, i) => startApp(dir, `app-${i + 1}`, env, { started })),
    );
    log('starting nginx');
    const nginx = await startNginx(
      dir,
      apps.map((a) => a.port),
      { started },
    );
    return { dir, pg, bouncer, redis, rgw, s3, apps, nginx, env, url: nginx.url, started, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
