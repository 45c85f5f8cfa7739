import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig, type Config, type DatabaseConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { createTestDatabase, type TestDatabase } from './databases.ts';

export interface TestServer {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/**
 * A whole server on a fresh, migrated database and a throwaway media folder, driven through
 * `app.inject`. `env` sets configuration as the environment would (e.g. rate limits).
 */
export async function createTestServer(
  kind: DatabaseConfig['kind'],
  { clientDir, env = {} }: { clientDir?: string; env?: Record<string, string> } = {},
): Promise<TestServer> {
  const database = await createTestDatabase(kind);
  const config: Config = {
    ...loadConfig(
      {
        DATA_DIR: database.dir,
        CLIENT_DIR: clientDir ?? path.join(database.dir, 'no-client'),
        LOG_LEVEL: 'silent',
        SESSION_SECRET: 'test-secret-that-is-at-least-32-characters-long',
        // Renditions are queued but not made unless a test asks (tests/server/renditions.test.ts),
        // so that no background ffmpeg writes files while a test counts them.
        RENDITION_WORKERS: '0',
        ...env,
      },
      database.dir,
    ),
    database: database.config,
  };
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

/**
 * Another app instance on the same database and data folder as `first`, as a second process
 * behind a load balancer would be (its own pool, its own memory). Closing it leaves the database.
 */
export async function createSecondInstance(
  first: TestServer,
  env: Record<string, string> = {},
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const config: Config = {
    ...loadConfig(
      {
        DATA_DIR: first.database.dir,
        CLIENT_DIR: first.config.clientDir,
        LOG_LEVEL: 'silent',
        SESSION_SECRET: 'test-secret-that-is-at-least-32-characters-long',
        ...env,
      },
      first.database.dir,
    ),
    database: first.database.config,
  };
  const db = openDatabase(first.database.config);
  const app = await buildApp({ config, db, logger: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/** A small stand-in for `dist/client` with the files whose caching rules differ. */
export function writeClientBuild(dir: string): string {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'icons'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>EduPortal</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("install", () => {});');
  fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"EduPortal"}');
  fs.writeFileSync(path.join(dir, 'assets', 'index-AbCd1234.js'), 'console.log("app")');
  fs.writeFileSync(path.join(dir, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  return dir;
}
