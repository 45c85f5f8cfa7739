import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { MediaStorage } from '../../storage/storage.ts';
import type { MediaJournal } from './media-journal.ts';
import type { MediaRepository } from './media.repository.ts';

export interface SweepResult {
  /** Objects looked at. */
  seen: number;
  /** Objects that no row named, older than the grace period, now deleted. */
  deleted: string[];
}

/**
 * The rules that keep media and rows in step (docs/api.md, "Media"):
 *
 * 1. One file per use. Every stored file gets a fresh random key, never one derived from its
 *    content, so two rows never share a file by accident and deleting one row's file can never
 *    take another's. (Reference counts would save the bytes of a picture used twice; pictures
 *    are re-encoded to a few tens of KB, so that saving is small, and counts kept beside rows
 *    are one more thing a crash can leave wrong.)
 * 2. Bytes first, row second. A file is published under its key before the row that names it
 *    commits, so no committed row ever names a missing file. If the row's write fails, the file
 *    is released at once.
 * 3. Row first, bytes second. When a row stops naming a file (deleted, or replaced), the row
 *    commits first and the file is released afterwards, and `release` deletes a file only when
 *    no row names it any longer.
 * 4. A crash between the two steps of 2 or 3 leaves a file that no row names. The sweep finds
 *    those: at start (with no grace on SQLite, where this process is the only writer) and then
 *    periodically, sparing files younger than the grace period, which may be a publish whose
 *    row has not committed yet. Keys are never reused, so an old unnamed file can never become
 *    named again: deleting it is safe.
 * 5. A journal of files being written (media-journal.ts) names the files of rule 2 whose row has
 *    not committed yet, and who writes them, and the replaced pictures of rule 3 between their
 *    row's change and their release. After a crash those, and only those, are removed at
 *    the next start of that instance, or by any instance once its lease has run out: at once,
 *    not after the grace period, also on PostgreSQL where other instances may be publishing.
 */
export class MediaLibrary {
  constructor(
    readonly storage: MediaStorage,
    private readonly refs: MediaRepository,
    private readonly log?: FastifyBaseLogger,
    private readonly journal?: MediaJournal,
  ) {}

  /** Publishes bytes under a fresh key (rule 2), journaled first (rule 5). */
  async publish(key: string, data: Buffer): Promise<void> {
    await this.journal?.begin(key);
    await this.storage.put(key, data);
  }

  /** Publishes a finished temporary file under a fresh key (rule 2), journaled first (rule 5). */
  async publishFile(key: string, tempPath: string): Promise<void> {
    await this.journal?.begin(key);
    await this.storage.putFile(key, tempPath);
  }

  /**
   * A row is about to stop naming `keys` (rule 3: a replaced picture or caption track, a deleted
   * video): journaled first, so that a crash between the row's change and `release` leaves an
   * entry for the next start (rule 5), which deletes a file only if no row names it by then.
   */
  async releasing(keys: string | null | undefined | Array<string | null | undefined>): Promise<void> {
    const named = [keys].flat().filter((k): k is string => typeof k === 'string' && k !== '');
    if (named.length > 0) await this.journal?.begin(named);
  }

  /**
   * The rows naming `keys` have committed: the files are no longer at risk from a crash (rule 5).
   * Never throws: an entry left behind is ended by `tidy`, and a row names its file anyway.
   */
  async settle(keys: Array<string | null | undefined>): Promise<void> {
    const named = keys.filter((k): k is string => typeof k === 'string' && k !== '');
    try {
      await this.journal?.end(named);
    } catch (err) {
      this.log?.warn({ err, keys: named }, 'could not end journal entries; a later tidy will');
    }
  }

  /**
   * Removes the files that crashed writers were publishing and no row names (rule 5), and ends
   * their entries. `ownPreviousLife`: at this instance's start, its own entries count too.
   */
  async recover({ ownPreviousLife = false } = {}): Promise<string[]> {
    if (!this.journal) return [];
    const entries = await this.journal.orphaned({ ownPreviousLife });
    if (entries.length === 0) return [];
    const keys = entries.map((e) => e.key);
    const inUse = await this.refs.referenced(keys);
    const removed = keys.filter((k) => !inUse.has(k));
    for (const key of removed) await this.storage.delete(key);
    await this.journal.end(keys);
    if (removed.length > 0) {
      const writers = [...new Set(entries.map((e) => e.instanceId))];
      this.log?.info({ removed: removed.length, writers }, 'removed files that a crash left half-published');
    }
    return removed;
  }

  /** Ends this instance's entries whose rows have committed (a `settle` that failed). */
  async tidy(): Promise<void> {
    if (!this.journal) return;
    const mine = await this.journal.mine();
    if (mine.length === 0) return;
    await this.journal.end([...(await this.refs.referenced(mine))]);
  }

  /** A fresh, unguessable key in `folder` (128 random bits either way); see rule 1. */
  newKey(folder: 'images' | 'videos' | 'renditions' | 'captions', extension: string): string {
    const name = folder !== 'images' ? randomUUID() : randomBytes(16).toString('hex');
    return `${folder}/${name}.${extension}`;
  }

  /**
   * Deletes each of `keys` that no row names any more (rule 3). Never throws: a file that could
   * not be deleted now is found by the next sweep.
   */
  async release(keys: Array<string | null | undefined>): Promise<void> {
    const candidates = [...new Set(keys.filter((k): k is string => typeof k === 'string' && k !== ''))];
    if (candidates.length === 0) return;
    try {
      const inUse = await this.refs.referenced(candidates);
      await Promise.all(candidates.filter((k) => !inUse.has(k)).map((k) => this.storage.delete(k)));
      // Deleted, or named by a row: either way no longer a write a crash could cut off.
      await this.journal?.end(candidates);
    } catch (err) {
      this.log?.warn({ err, keys: candidates }, 'could not release media files; the next sweep will');
    }
  }

  /** Deletes every stored object that no row names and that is older than `graceMs` (rule 4). */
  async sweep(graceMs: number, now = new Date()): Promise<SweepResult> {
    const cutoff = now.getTime() - graceMs;
    const old: string[] = [];
    let seen = 0;
    // List first, then read the rows: a row committed before an object was listed is seen.
    for await (const object of this.storage.list()) {
      seen += 1;
      if (object.modifiedAt.getTime() <= cutoff) old.push(object.key);
    }
    const inUse = await this.refs.allReferenced();
    const deleted = old.filter((k) => !inUse.has(k));
    for (const key of deleted) await this.storage.delete(key);
    if (deleted.length > 0)
      this.log?.info({ deleted: deleted.length, seen }, 'media sweep removed unnamed files');
    return { seen, deleted };
  }
}
