import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { isMediaKey, type MediaStorage, type StoragePlace, type StoredObject } from './storage.ts';

/** Media in a folder on local disk, served by the app under /media/. */
export class LocalDiskStorage implements MediaStorage {
  private readonly tmpDir: string;

  constructor(private readonly root: string) {
    this.tmpDir = path.join(root, '.tmp');
    fs.mkdirSync(this.tmpDir, { recursive: true });
  }

  private pathOf(key: string): string {
    if (!isMediaKey(key)) throw new Error(`unsafe media key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    // Write in the temporary folder, then rename into place (one file system, so the rename is
    // atomic): a crash never leaves a half-written file under its key, nor beside it among the
    // published media; the temporary folder is emptied at every start.
    const partial = path.join(this.tmpDir, `${randomUUID()}.part`);
    await fsp.writeFile(partial, data);
    await fsp.rename(partial, target);
  }

  async *list(): AsyncIterable<StoredObject> {
    // Only the folders that hold published media: `.tmp/` (uploads in progress) is never listed.
    for (const folder of await fsp.readdir(this.root, { withFileTypes: true })) {
      if (!folder.isDirectory() || folder.name.startsWith('.')) continue;
      const dir = path.join(this.root, folder.name);
      for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
        if (!entry.isFile()) continue;
        const stat = await fsp.stat(path.join(dir, entry.name)).catch(() => undefined);
        if (stat) yield { key: `${folder.name}/${entry.name}`, modifiedAt: stat.mtime };
      }
    }
  }

  async putFile(key: string, tempPath: string): Promise<void> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(tempPath, target);
    // A rename keeps the upload's own times; publishing is what a sweep's grace period counts from.
    const now = new Date();
    await fsp.utimes(target, now, now);
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    return fsp.access(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }

  async size(key: string): Promise<number | undefined> {
    const stat = await fsp.stat(this.pathOf(key)).catch(() => undefined);
    return stat?.isFile() ? stat.size : undefined;
  }

  localPath(key: string): string {
    return this.pathOf(key);
  }

  read(key: string): Readable {
    return fs.createReadStream(this.pathOf(key));
  }

  url(key: string): string {
    return `/media/${key}`;
  }

  tempFile(extension = ''): string {
    return path.join(this.tmpDir, `${randomUUID()}${extension}`);
  }

  /** Where the files are: the media route serves them from this folder. */
  get place(): StoragePlace {
    return { kind: 'disk', directory: this.root };
  }

  /** Removes uploads left behind by a crash; called at start. */
  async clearTemp(): Promise<void> {
    await fsp.rm(this.tmpDir, { recursive: true, force: true });
    await fsp.mkdir(this.tmpDir, { recursive: true });
  }
}
