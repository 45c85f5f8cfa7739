import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { startServerProcess } from '../helpers/server-process.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('the server process', () => {
  it('stops on SIGTERM within 5 s with exit 0, finishing what it accepted, database intact', async () => {
    const server = await startServerProcess();
    try {
      // Writes in flight when the signal arrives: each either completes (201) or is refused
      // cleanly; none may be half-written.
      const sends = Array.from({ length: 40 }, (_, i) =>
        fetch(`${server.url}/api/v1/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Student ${i}`, email: `s${i}@school.example`, message: 'Hello' }),
        })
          .then((r) => r.status)
          .catch(() => 0),
      );
      await new Promise((r) => setTimeout(r, 5));
      const { code, ms } = await server.stop('SIGTERM');
      const statuses = await Promise.all(sends);

      expect(code, server.output()).toBe(0);
      expect(ms).toBeLessThan(5000);

      const db = new SQLite(path.join(server.dataDir, 'eduportal.sqlite'), { readonly: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        const { n } = db.prepare('select count(*) as n from contact_messages').get() as { n: number };
        expect(n).toBe(statuses.filter((s) => s === 201).length);
      } finally {
        db.close();
      }
    } finally {
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start on bad configuration and says what to fix', () => {
    const result = spawnSync(process.execPath, [path.join(root, 'dist/server/server/main.js')], {
      env: { PATH: process.env.PATH ?? '', PORT: 'eighty', DATABASE_URL: 'mysql://nope' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('EduPortal cannot start.');
    expect(result.stderr).toContain('PORT must be a whole number from 0 to 65535, got "eighty"');
    expect(result.stderr).toMatch(/DATABASE_URL must be a postgres:\/\//);
  });
});
