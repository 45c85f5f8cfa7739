import type { CacheChange } from './outbox/kinds.ts';
import type { OutboxEntry } from './outbox/model.ts';

/** Names the service worker and the page agree on. */
export const API_CACHE = 'api-reads-v1';
export const MEDIA_CACHE = 'media-images-v1';
/**
 * The thumbnails of downloads (the worker makes a download's API read from its record). Named by
 * hand, never by a release: the precache cleanup only deletes names with "-precache-" in them.
 * The name is the one phones already hold, from before downloads had their name: renaming it
 * would lose them.
 */
export const DOWNLOADS_CACHE = 'saved-videos-v1';
/**
 * Sent with the Range requests of a download: the worker leaves those to the network, so a
 * download never reads the copy it is making.
 */
export const DOWNLOAD_HEADER = 'x-eduportal-download';
/**
 * The code and styles of screens, kept apart from the shell's precache: downloaded at install
 * unless data saver is on, else kept as each screen is opened (sw/sw.ts).
 */
export const SCREENS_CACHE = 'app-files-screens-v1';
/**
 * Set by the service worker on an API answer it kept, or made from a download; its value is when
 * it was saved (ISO).
 */
export const SAVED_AT_HEADER = 'x-eduportal-saved-at';
export const SW_MESSAGES = {
  skipWaiting: 'SKIP_WAITING',
  clearPrivate: 'CLEAR_PRIVATE',
  /** From the page: data saver is off now; the screens not yet on the device may be downloaded. */
  saveScreens: 'SAVE_SCREENS',
  /** From the worker: it delivered (or failed) outbox entries; pages re-read their views. */
  outboxChanged: 'OUTBOX_CHANGED',
} as const;
/** The worker's `outboxChanged` message: what reached the server, each with the server's data. */
export interface OutboxChangedMessage {
  type: typeof SW_MESSAGES.outboxChanged;
  /** Absent from a worker of an earlier version, which only said that something changed. */
  delivered?: Array<{ entry: OutboxEntry; data: unknown; changes?: CacheChange[] }>;
}
/** The Web Lock held by whoever drains the outbox: one drainer across tabs and the worker. */
export const OUTBOX_LOCK = 'eduportal-outbox-drain';
/** The Background Sync tag that asks the worker to drain once the connection is back. */
export const OUTBOX_SYNC_TAG = 'eduportal-outbox';
