import { API_CACHE, SW_MESSAGES } from '../../shared/offline.ts';
import { forgetUser } from './device-user.ts';

/**
 * At sign-out (or when the server ends the session) nothing private stays on the device: the
 * remembered user and every saved API answer go. The page deletes the cache itself (the Cache
 * Storage is shared with the worker) and tells the worker too, in case a read is being saved.
 * Queued actions stay: they are tagged with their owner and go out at that user's next sign-in.
 */
export async function clearPrivateData(): Promise<void> {
  forgetUser();
  if (typeof navigator !== 'undefined') {
    navigator.serviceWorker?.controller?.postMessage({ type: SW_MESSAGES.clearPrivate });
  }
  if (typeof caches !== 'undefined') await caches.delete(API_CACHE).catch(() => false);
}
