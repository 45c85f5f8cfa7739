import { useEffect, useState } from 'react';
import { useCurrentUser } from '../../lib/session.tsx';
import { lazyEngine, useEngine, useOwnItems, useResume } from '../host.ts';
import type { DownloadManager, DownloadRecord } from './downloads.ts';
import { openDownloads } from './open-downloads-flag.ts';
import { storageEstimate, type StorageEstimate } from './storage-estimate.ts';

// The download code (its Dexie database) loads only when a screen or a resume needs it.
const engine = lazyEngine<DownloadManager>(openDownloads, () =>
  import('./downloads.ts').then((m) => m.downloadManager()),
);

/** The download manager once loaded; undefined until then (a render or two), or while `load` is false. */
export function useDownloadManager(load = true): DownloadManager | undefined {
  return useEngine(engine, undefined, load);
}

/** The signed-in student's downloads, oldest first (nobody else's: docs/offline.md, "Sign-out"). */
export function useDownloads(): { manager: DownloadManager | undefined; downloads: DownloadRecord[] } {
  const ownerId = useCurrentUser()?._id;
  // A signed-out visitor has no downloads (docs/offline.md, "At sign-out"): nothing loads for them.
  const manager = useDownloadManager(ownerId !== undefined);
  const downloads = useOwnItems(manager?.subscribe, manager?.getRecords, ownerId);
  return { manager, downloads };
}

/**
 * The space the browser reports for this site, read again whenever `version` changes; null while
 * reading, undefined where the browser does not say.
 */
export function useStorageEstimate(version: unknown): StorageEstimate | undefined | null {
  const [estimate, setEstimate] = useState<StorageEstimate | undefined | null>(null);
  useEffect(() => {
    let live = true;
    void storageEstimate().then((e) => live && setEstimate(e));
    return () => {
      live = false;
    };
  }, [version]);
  return estimate;
}

/**
 * Keeps this student's downloads going: at app start, when the network returns, when the app
 * is shown again, and when the connection changes (Wi-Fi after mobile data).
 */
export function DownloadResumer() {
  useResume(engine, undefined, useCurrentUser()?._id, { connection: true });
  return null;
}
