import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/lib/api-client.ts';
import {
  chunkFor,
  differsFrom,
  headHash,
  UploadManager,
  waitingMessage,
} from '../../src/client/device/uploads/uploads.ts';

const MIB = 1024 * 1024;
const fileOf = (bytes: Uint8Array<ArrayBuffer>, name = 'lesson.mp4') =>
  new File([bytes], name, { type: 'video/mp4' });
const bytes = (n: number, seed = 1): Uint8Array<ArrayBuffer> =>
  Uint8Array.from({ length: n }, (_, i) => (i * seed) % 251);

describe('resumable uploads, the parts that decide', () => {
  it('sends 5 MiB chunks, and smaller files in tenths of at least 16 KiB', () => {
    expect(chunkFor(20 * 1000 * 1000, 5 * MIB)).toBe(5 * MIB);
    expect(chunkFor(5 * MIB, 5 * MIB)).toBe(5 * MIB);
    expect(chunkFor(1_000_000, 5 * MIB)).toBe(100_000);
    expect(chunkFor(48_935, 5 * MIB)).toBe(16 * 1024);
  });

  it('recognises the same file chosen again by size, name and its first MiB, and names what differs', async () => {
    const original = fileOf(bytes(2 * MIB));
    const record = { fileName: original.name, size: original.size, headHash: await headHash(original) };
    expect(await differsFrom(record, fileOf(bytes(2 * MIB)))).toBeUndefined();
    expect(await differsFrom(record, fileOf(bytes(2 * MIB - 1)))).toMatch(/bytes/);
    expect(await differsFrom(record, fileOf(bytes(2 * MIB), 'other.mp4'))).toMatch(/other\.mp4/);
    // Same size and name, other bytes in the first MiB.
    expect(await differsFrom(record, fileOf(bytes(2 * MIB, 7)))).toMatch(/other content/);
  });

  it('says "offline" only when the browser is offline, and otherwise when the next try is', () => {
    expect(waitingMessage(false, undefined, 0)).toMatch(/You are offline/);
    const online = waitingMessage(true, 12_000, 2_000);
    expect(online).toBe('The server could not be reached. Next try in 10 s.');
    expect(online).not.toMatch(/offline/);
  });

  it('a file too large to keep is asked for again after a reload, and only the same file is taken', async () => {
    const api = createApiClient('http://127.0.0.1:9');
    const dbName = `uploads-test-${Math.random()}`;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      const first = new UploadManager({ api, dbName, keepFileMaxBytes: 1000 });
      const file = fileOf(bytes(5000));
      const id = await first.start({
        ownerId: 'u1',
        title: 'Big lesson',
        description: '',
        file,
        thumbnail: new File([bytes(10)], 't.png', { type: 'image/png' }),
      });
      // Offline: it waits, and says why.
      await expect.poll(() => first.getViews().find((u) => u.id === id)?.state).toBe('waiting');

      // A reload: a new page, a new manager, the same database. The file was not kept.
      const second = new UploadManager({ api, dbName, keepFileMaxBytes: 1000 });
      await second.resumeAll('u1');
      await expect.poll(() => second.getViews().find((u) => u.id === id)?.state).toBe('needs-file');
      const view = second.getViews().find((u) => u.id === id)!;
      expect(view.message).toContain('Choose “lesson.mp4” again');
      expect(view).not.toHaveProperty('file');

      expect(await second.provideFile(id, fileOf(bytes(5000, 3)))).toMatch(/other content/);
      expect(second.getViews().find((u) => u.id === id)?.state).toBe('needs-file');
      // The same file is taken; offline, it then waits for the network.
      expect(await second.provideFile(id, fileOf(bytes(5000)))).toBeUndefined();
      await expect.poll(() => second.getViews().find((u) => u.id === id)?.state).toBe('waiting');
      // Another owner's uploads are not resumed for this one.
      await second.resumeAll('someone-else');
      await second.cancel(id);
      expect(second.getViews()).toEqual([]);
    } finally {
      Reflect.deleteProperty(navigator, 'onLine');
    }
  });
});
