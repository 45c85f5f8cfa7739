import type { ApiClient } from '../../lib/api-client.ts';
import { useApi, useCurrentUser } from '../../lib/session.tsx';
import { lazyEngine, useEngine, useOwnItems, useResume } from '../host.ts';
import { openUploads } from './open-uploads-flag.ts';
import type { UploadManager, UploadView } from './uploads.ts';

// The upload code (its Dexie database, tus-js-client) loads only when a signed-in screen needs it.
const engine = lazyEngine<UploadManager, ApiClient>(openUploads, (api) =>
  import('./uploads.ts').then((m) => m.uploadManager(api)),
);

/**
 * Whether there may be uploads to show: the manager is loaded, or its flag says some are open.
 * Screens that merely may list uploads (/outbox) check this first, so that nothing loads for a
 * student who never uploaded.
 */
export const mayHaveUploads = (): boolean => engine.mayHaveWork();

/** The upload manager once loaded; undefined until then (a render or two). */
export function useUploadManager(): UploadManager | undefined {
  return useEngine(engine, useApi());
}

/** This user's uploads, oldest first. */
export function useUploads(): { manager: UploadManager | undefined; uploads: UploadView[] } {
  const manager = useUploadManager();
  const uploads = useOwnItems(manager?.subscribe, manager?.getViews, useCurrentUser()?._id);
  return { manager, uploads };
}

/**
 * Keeps this user's uploads going: at app start, when the network returns, and when the app is
 * shown again (a phone that slept may have lost its connection without a word).
 */
export function UploadResumer() {
  useResume(engine, useApi(), useCurrentUser()?._id);
  return null;
}
