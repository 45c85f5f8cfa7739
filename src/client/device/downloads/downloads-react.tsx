import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { DownloadManager, DownloadRecord } from './downloads.ts';
import { hasOpenDownloads } from './open-downloads-flag.ts';
import { useCurrentUser } from '../../lib/session.tsx';
import { storageEstimate, type StorageEstimate } from './storage-estimate.ts';

// The download code (its Dexie database) loads only when a screen or a resume needs it.
let current: DownloadManager | undefined;
let loading: Promise<DownloadManager> | undefined;
function loadManager(): Promise<DownloadManager> {
  loading ??= import('./downloads.ts').then((m) => (current = m.downloadManager()));
  return loading;
}

const none: DownloadRecord[] = [];
const noSubscription = () => () => undefined;

/** The download manager once loaded; undefined until then (a render or two), or while `load` is false. */
export function useDownloadManager(load = true): DownloadManager | undefined {
  return useSyncExternalStore(
    (loaded) => {
      let live = true;
      if (!current && load) void loadManager().then(() => live && loaded());
      return () => {
        live = false;
      };
    },
    () => current,
    () => undefined,
  );
}

/** The signed-in student's downloads, oldest first (nobody else's: docs/offline.md, "Sign-out"). */
export function useDownloads(): { manager: DownloadManager | undefined; downloads: DownloadRecord[] } {
  const ownerId = useCurrentUser()?._id;
  // A signed-out visitor has no downloads (docs/offline.md, "At sign-out"): nothing loads for them.
  const manager = useDownloadManager(ownerId !== undefined);
  const all = useSyncExternalStore(
    manager?.subscribe ?? noSubscription,
    manager?.getRecords ?? (() => none),
    () => none,
  );
  const downloads = useMemo(() => all.filter((d) => d.ownerId === ownerId), [all, ownerId]);
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
  const ownerId = useCurrentUser()?._id;
  useEffect(() => {
    if (!ownerId) return;
    const resume = () => {
      if (current || hasOpenDownloads()) void loadManager().then((m) => m.resumeAll(ownerId));
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') resume();
    };
    const connection = (navigator as Navigator & { connection?: EventTarget }).connection;
    resume();
    window.addEventListener('online', resume);
    document.addEventListener('visibilitychange', onVisible);
    connection?.addEventListener?.('change', resume);
    return () => {
      window.removeEventListener('online', resume);
      document.removeEventListener('visibilitychange', onVisible);
      connection?.removeEventListener?.('change', resume);
    };
  }, [ownerId]);
  return null;
}
