import { SWRConfig } from 'swr';
import { CURRENT_USER_PATH, FIRST_READS_ID, type FirstReads } from '../../shared/first-reads.ts';
import type { CurrentUser } from '../../shared/contracts/users.ts';
import type { Session } from '../lib/session.tsx';

/**
 * The reads the server answered inside this page (src/server/plugins/static-app.ts), taken out
 * of it once: the current user goes into the session, so the signed-in screen opens without
 * asking; each list's first page goes into SWR's cache under the key of its first page, where
 * the list's hook finds it (api/paged-list.ts), so the list shows at its first render. Its hooks
 * still read it again in the background, as they do on every mount.
 */
// The app's SWR cache is SWR's default one (src/client/api/cache.ts).
const { cache } = SWRConfig.defaultValue;

export function seedFirstReads(session: Session, doc: Document = document): boolean {
  const block = doc.getElementById(FIRST_READS_ID);
  if (!block) return false;
  block.remove();
  let reads: FirstReads;
  try {
    reads = JSON.parse(block.textContent ?? '') as FirstReads;
  } catch {
    return false;
  }
  const user = reads[CURRENT_USER_PATH]?.data as CurrentUser | undefined;
  if (!user) return false;
  session.setUser(user);
  for (const [key, answer] of Object.entries(reads)) {
    if (key === CURRENT_USER_PATH) continue;
    // Straight into the cache, before any hook reads it: a mutate would mark the key as being
    // changed, and the list's first read would wait on that mark and show "Loading" meanwhile.
    // Not loading: SWR takes a cache entry without the flag as still loading, and the list
    // would show "Loading" over the data it has.
    cache.set(key, { data: answer.data, isLoading: false, isValidating: false });
  }
  return true;
}
