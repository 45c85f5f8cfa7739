import { useEffect, type ReactNode } from 'react';
import type { CurrentUser } from '../../../shared/contracts/users.ts';
import { SignedIn } from '../../components/signed-in.tsx';
import { useSession } from '../../lib/session.tsx';
import { isOffline } from '../../lib/use-online.ts';

/**
 * The signed-in part of a tweet screen. Unlike other screens, a tweet screen still opens when
 * the app was started offline and could not ask who you are: it shows what this device holds
 * (your waiting tweets) with `user` null, and asks again as soon as the connection returns.
 */
export function TweetViewer({ children }: { children: (user: CurrentUser | null) => ReactNode }) {
  const { session, state } = useSession();
  const offline = state.status === 'unreachable' && isOffline(state.error);
  useEffect(() => {
    if (!offline) return;
    const retry = () => void session.load();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [offline, session]);
  if (offline) return children(null);
  return <SignedIn>{children}</SignedIn>;
}
