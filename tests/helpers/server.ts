import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import type { DatabaseConfig } from '../../src/server/config.ts';
import { createTestDatabase, type TestDatabase } from './databases.ts';

export interface TestServer {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * A whole server on a fresh, migrated database, driven through `app.inject`. `clientDir` points
 * at a built client when a test needs one (see writeFakeClientBuild).
 */
export async function createTestServer(
  kind: DatabaseConfig['kind'],
  { clientDir }: { clientDir?: string } = {},
): Promise<TestServer> {
  const database = await createTestDatabase(kind);
  const app = await buildApp({
    config: {
      clientDir: clientDir ?? path.join(database.dir, 'no-client'),
      logLevel: 'silent',
      trustProxy: false,
    },
    db: database.db,
    logger: false,
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.destroy();
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
