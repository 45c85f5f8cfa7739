import type { Readable } from 'node:stream';

/**
 * Where media bytes live. Keys are server-chosen relative names such as `images/ab12.webp`;
 * `url` is what clients are given. The local-disk store is the default; an S3-compatible store
 * can implement the same interface.
 */
export interface MediaStorage {
  /** Stores bytes under `key`, replacing nothing: keys are unique by construction. */
  put(key: string, data: Buffer): Promise<void>;
  /** Moves a finished temporary file (from `tempFile`) to `key` without copying it through memory. */
  putFile(key: string, tempPath: string): Promise<void>;
  /** Removes `key`; a missing key is not an error (deletes are retried and may repeat). */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  read(key: string): Readable;
  url(key: string): string;
  /** A fresh path for an upload in progress; the caller removes it when done. */
  tempFile(extension?: string): string;
}
