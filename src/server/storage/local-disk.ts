import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { MediaStorage } from './storage.ts';

const SAFE_KEY = /^[a-z0-9]+(?:\/[a-z0-9][a-z0-9._-]*)+$/;

/** Media in a folder on local disk, served by the app under /media/. */
export class LocalDiskStorage implements MediaStorage {
  private readonly tmpDir: string;

  constructor(private readonly root: string) {
    this.tmpDir = path.join(root, '.tmp');
    fs.mkdirSync(this.tmpDir, { recursive: true });
  }

  private pathOf(key: string): string {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe media key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    // Write beside the target, then rename: a crash never leaves a half-written file under its key.
    const partial = `${target}.${randomUUID()}.part`;
    await fsp.writeFile(partial, data);
    await fsp.rename(partial, target);
  }

  async putFile(key: string, tempPath: string): Promise<void> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(tempPath, target);
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

  read(key: string): Readable {
    return fs.createReadStream(this.pathOf(key));
  }

  url(key: string): string {
    return `/media/${key}`;
  }

  tempFile(extension = ''): string {
    return path.join(this.tmpDir, `${randomUUID()}${extension}`);
  }

  /** Where the files are, for the static file server. */
  get directory(): string {
    return this.root;
  }

  /** Removes uploads left behind by a crash; called at start. */
  async clearTemp(): Promise<void> {
    await fsp.rm(this.tmpDir, { recursive: true, force: true });
    await fsp.mkdir(this.tmpDir, { recursive: true });
  }
}
