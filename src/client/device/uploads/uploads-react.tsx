import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { ApiClient } from '../../lib/api-client.ts';
import { hasOpenUploads } from './open-uploads-flag.ts';
import type { UploadManager, UploadView } from './uploads.ts';
import { useApi, useCurrentUser } from '../../lib/session.tsx';

// The upload code (its Dexie database, tus-js-client) loads only when a signed-in screen needs it.
let current: UploadManager | undefined;
let loading: Promise<UploadManager> | undefined;
function loadManager(api: ApiClient): Promise<UploadManager> {
  loading ??= import('./uploads.ts').then((m) => (current = m.uploadManager(api)));
  return loading;
}

const none: UploadView[] = [];

/**
 * Whether there may be uploads to show: the manager is loaded, or its flag says some are open.
 * Screens that merely may list uploads (/outbox) check this first, so that nothing loads for a
 * student who never uploaded.
 */
export function mayHaveUploads(): boolean {
  return current !== undefined || hasOpenUploads();
}
const noSubscription = () => () => undefined;

/** The upload manager once loaded; undefined until then (a render or two). */
export function useUploadManager(): UploadManager | undefined {
  const api = useApi();
  return useSyncExternalStore(
    (loaded) => {
      let live = true;
      if (!current) void loadManager(api).then(() => live && loaded());
      return () => {
        live = false;
      };
    },
    () => current,
    () => undefined,
  );
}

/** This user's uploads, oldest first. */
export function useUploads(): { manager: UploadManager | undefined; uploads: UploadView[] } {
  const manager = useUploadManager();
  const ownerId = useCurrentUser()?._id;
  const all = useSyncExternalStore(
    manager?.subscribe ?? noSubscription,
    manager?.getViews ?? (() => none),
    () => none,
  );
  const uploads = useMemo(() => all.filter((u) => u.ownerId === ownerId), [all, ownerId]);
  return { manager, uploads };
}

/**
 * Keeps this user's uploads going: at app start, when the network returns, and when the app is
 * shown again (a phone that slept may have lost its connection without a word).
 */
export function UploadResumer() {
  const api = useApi();
  const ownerId = useCurrentUser()?._id;
  useEffect(() => {
    if (!ownerId) return;
    const resume = () => {
      // Loaded already (an upload started in this page), or something left to resume.
      if (current || hasOpenUploads()) void loadManager(api).then((m) => m.resumeAll(ownerId));
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') resume();
    };
    resume();
    window.addEventListener('online', resume);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', resume);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [api, ownerId]);
  return null;
}
