import type { Readable } from 'node:stream';
import type { S3Storage } from './s3.ts';

/** A media key: server-chosen, lower-case, in a folder (`images/ab12.webp`), never `..`. */
const MEDIA_KEY = /^[a-z0-9]+(?:\/[a-z0-9][a-z0-9._-]*)+$/;
export const isMediaKey = (key: string): boolean => MEDIA_KEY.test(key) && !key.includes('..');

/** One stored object, as a sweep sees it. */
export interface StoredObject {
  key: string;
  /** When its bytes were last written: a sweep spares objects younger than its grace period. */
  modifiedAt: Date;
}

/**
 * Where media bytes live. Keys are server-chosen relative names such as `images/ab12.webp`;
 * `url` is what clients are given. The local-disk store is the default; an S3-compatible store
 * implements the same interface (docs/api.md, "Media").
 *
 * The rules every implementation keeps, so that the media invariants hold on any of them:
 * - a key is written once, whole or not at all (no reader ever sees half an object);
 * - `put` and `putFile` give the object a fresh `modifiedAt`, so a sweep never takes an object
 *   that was just published and whose row is about to commit;
 * - `delete` of a missing key succeeds (deletes are retried and may repeat);
 * - `list` names every published object, and nothing under the temporary area.
 */
/**
 * Where a store keeps its files, for the few callers that work differently by place: a folder on
 * this machine is served straight from disk; a bucket is read by ranges through the server, and
 * resumable uploads are written to it.
 */
export type StoragePlace = { kind: 'disk'; directory: string } | { kind: 'bucket'; store: S3Storage };

export interface MediaStorage {
  readonly place: StoragePlace;
  /** Stores bytes under `key`. Keys are unique by construction: nothing is ever overwritten. */
  put(key: string, data: Buffer): Promise<void>;
  /** Moves a finished temporary file (from `tempFile`) to `key` without copying it through memory. */
  putFile(key: string, tempPath: string): Promise<void>;
  /** Removes `key`; a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The object's size in bytes; undefined when there is no such object. */
  size(key: string): Promise<number | undefined>;
  /**
   * A path on this machine where the object can be read as a file, for tools that need one
   * (ffmpeg); undefined when the store keeps no local files (then `read` streams it).
   */
  localPath?(key: string): string;
  read(key: string): Readable;
  url(key: string): string;
  /** Every published object, in no particular order. */
  list(): AsyncIterable<StoredObject>;
  /** A fresh path for an upload in progress; the caller removes it when done. */
  tempFile(extension?: string): string;
}
