import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import rules of docs/architecture.md, checked on code that is never written to disk.
const eslint = new ESLint();

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message.match(/'([^']+)' import/)?.[1] ?? m.message);
}

/** The messages of one rule for `code` linted as if it were the file at `filePath`. */
async function ruleMessages(rule: string, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

const floorsBroken = (filePath: string, code: string) =>
  ruleMessages('import-x/no-restricted-paths', filePath, code).then((messages) =>
    messages.map((m) => m.match(/path "([^"]+)"/)?.[1] ?? m),
  );

describe('import boundaries', () => {
  it('let each client floor import only its own floor and the ones below', async () => {
    // lib/ sits under api/, device/, components/ and features/; it may use i18n/ below it.
    const fromLib = `import { rereadAll } from '../api/cache.ts';
import { outboxFor } from '../device/outbox/outbox-react.tsx';
import { Screen } from '../components/screen.tsx';
import { t } from '../i18n/i18n.ts';
import { formatBytes } from './format.ts';
export const all = [rereadAll, outboxFor, Screen, t, formatBytes];\n`;
    expect(await floorsBroken('src/client/lib/example.ts', fromLib)).toEqual([
      '../api/cache.ts',
      '../device/outbox/outbox-react.tsx',
      '../components/screen.tsx',
    ]);
    // device/ may apply a delivered write through api/, but never reach up to the screens.
    const fromDevice = `import { rereadAll } from '../../api/cache.ts';
import { Screen } from '../../components/screen.tsx';
import VideoRoute from '../../routes/video.tsx';
export const all = [rereadAll, Screen, VideoRoute];\n`;
    expect(await floorsBroken('src/client/device/outbox/example.ts', fromDevice)).toEqual([
      '../../components/screen.tsx',
      '../../routes/video.tsx',
    ]);
    const fromApp = `import VideoRoute from '../routes/video.tsx';\nexport const all = [VideoRoute];\n`;
    expect(await floorsBroken('src/client/app/example.ts', fromApp)).toEqual([]);
  });

  it('let each server floor import only its own floor and the ones below', async () => {
    const fromPlugin = `import { LikesService } from '../modules/likes/likes.service.ts';
import { buildApp } from '../app.ts';
import { AppError } from '../errors.ts';
export const all = [LikesService, buildApp, AppError];\n`;
    expect(await floorsBroken('src/server/plugins/example.ts', fromPlugin)).toEqual([
      '../modules/likes/likes.service.ts',
      '../app.ts',
    ]);
    const fromDb = `import { schedulePeriodic } from '../plugins/periodic.ts';\nexport const all = [schedulePeriodic];\n`;
    expect(await floorsBroken('src/server/db/example.ts', fromDb)).toEqual(['../plugins/periodic.ts']);
    // A module's routes use the plugins; its service and repository never see HTTP.
    const fromModule = `import { requireUser } from '../../plugins/auth.ts';\nexport const all = [requireUser];\n`;
    expect(await floorsBroken('src/server/modules/likes/likes.routes.ts', fromModule)).toEqual([]);
    expect(await floorsBroken('src/server/modules/likes/likes.service.ts', fromModule)).toEqual([
      '../../plugins/auth.ts',
    ]);
  });

  it('keep SWR inside api/ (and app/, which configures it)', async () => {
    const code = `import useSWR from 'swr';\nimport useSWRInfinite from 'swr/infinite';\nexport const all = [useSWR, useSWRInfinite];\n`;
    expect(await restrictedImports('src/client/features/videos/example.ts', code)).toEqual([
      'swr',
      'swr/infinite',
    ]);
    expect(await restrictedImports('src/client/components/example.ts', code)).toEqual([
      'swr',
      'swr/infinite',
    ]);
    expect(await restrictedImports('src/client/lib/example.ts', code)).toEqual(['swr', 'swr/infinite']);
    expect(await restrictedImports('src/client/api/example.ts', code)).toEqual([]);
    expect(await restrictedImports('src/client/app/example.ts', code)).toEqual([]);
  });

  it('find an import cycle through files on disk', async () => {
    // format.ts imports nothing that leads back here: no cycle.
    const fine = `import { formatBytes } from './format.ts';\nexport const size = formatBytes(1);\n`;
    expect(await ruleMessages('import-x/no-cycle', 'src/client/lib/example.ts', fine)).toEqual([]);
    // store.ts is imported by session.tsx; a store.ts that imports session.tsx is a cycle.
    const loop = `import { useSession } from './session.tsx';\nexport const all = [useSession];\n`;
    expect(await ruleMessages('import-x/no-cycle', 'src/client/lib/store.ts', loop)).toHaveLength(1);
  });

  it('keep shared/ free of Node, React and the other layers', async () => {
    const code = `import { z } from 'zod';
import fs from 'node:fs';
import { useState } from 'react';
import { api } from '../client/lib/api-client.ts';
export const all = [z, fs, useState, api];\n`;
    expect(await restrictedImports('src/shared/example.ts', code)).toEqual([
      'node:fs',
      'react',
      '../client/lib/api-client.ts',
    ]);
  });

  it('keep the client away from the server and Node', async () => {
    const code = `import { buildApp } from '../server/app.ts';
import path from 'node:path';
import { clientRoutes } from '../shared/routes.ts';
export const all = [buildApp, path, clientRoutes];\n`;
    expect(await restrictedImports('src/client/example.ts', code)).toEqual(['../server/app.ts', 'node:path']);
  });

  it('keep features from importing each other', async () => {
    const code = `import { LikeButton } from '../likes/like-button.tsx';
import { api } from '../../lib/api-client.ts';
export const all = [LikeButton, api];\n`;
    expect(await restrictedImports('src/client/features/videos/example.ts', code)).toEqual([
      '../likes/like-button.tsx',
    ]);
  });

  it('keep React out of the service worker', async () => {
    const code = `import { createElement } from 'react';
import { precacheAndRoute } from 'workbox-precaching';
export const all = [createElement, precacheAndRoute];\n`;
    expect(await restrictedImports('sw/example.ts', code)).toEqual(['react']);
  });

  it('keep database drivers inside server/db/', async () => {
    const code = `import pg from 'pg';\nexport const driver = pg;\n`;
    expect(await restrictedImports('src/server/modules/videos/videos.repository.ts', code)).toEqual(['pg']);
    expect(await restrictedImports('src/server/db/database.ts', code)).toEqual([]);
  });

  it('keep API paths in src/shared/endpoints/: the rest builds them, the server registers them', async () => {
    const apiPaths = (filePath: string, code: string) => ruleMessages('no-restricted-syntax', filePath, code);
    const written = `export const a = '/videos/v/1';
export const b = \`/likes/toggle/\${'v'}/1\`;
export const c = '/tweets?page=1';
export const d = '/login';\n`;
    for (const file of ['src/client/api/example.ts', 'src/shared/outbox/example.ts', 'sw/example.ts']) {
      expect(await apiPaths(file, written), file).toHaveLength(3);
    }
    expect(await apiPaths('src/shared/endpoints/example.ts', written)).toEqual([]);
    const registered = `export async function routes(app) {
  app.get('/anything', async () => null);
  app.get(videosApi.list.pattern, async () => null);
  app.addHook('onSend', async () => undefined);
}\n`;
    expect(await apiPaths('src/server/modules/videos/videos.routes.ts', registered)).toHaveLength(1);
    // A screen names page routes; only a path handed to the API client is an API path there.
    const screen = `export const go = { to: '/videos/$videoId' };
export const send = (api) => api.post('/contact', {});\n`;
    expect(await apiPaths('src/client/features/marketing/example.ts', screen)).toHaveLength(1);
  });
});
