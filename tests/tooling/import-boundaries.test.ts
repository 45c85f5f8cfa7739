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

describe('import boundaries', () => {
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
});
