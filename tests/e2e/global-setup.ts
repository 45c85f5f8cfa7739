import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../../scripts/lib/build.mjs';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

let server: ServerProcess | undefined;

/** Builds the app if needed and starts one production server for the journeys. */
export async function setup(project: TestProject) {
  buildIfStale({ quiet: true });
  // Every journey signs up from 127.0.0.1; the production limits would refuse them after 20.
  server = await startServerProcess({
    RATE_LIMIT_REGISTER_PER_HOUR: '100000',
    RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
  });
  project.provide('baseURL', server.url);
}

export async function teardown() {
  if (!server) return;
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
