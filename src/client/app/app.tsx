import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useMemo, useRef } from 'react';
import { SWRConfig, unload } from 'swr';
import { ToastHost } from '../components/toast/toast-host.tsx';
import { useSettings, watchConnection } from '../lib/settings.ts';
import { SessionProvider, useSession } from '../lib/session.tsx';
import { Resumers } from './resumers.tsx';
import type { createAppRouter } from './router.tsx';
import { swrConfig } from './swr-config.ts';

type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Follows the signed-in user: when it changes (sign-in, sign-out, another account), cached
 * reads made for the last one are dropped and the screens on show read again; when the session
 * ends (logout, or a refresh the server refused) the router re-checks the open screen, which
 * sends a signed-in screen to /login. The first answer at start is not a change.
 */
function SessionWatcher({ router }: { router: AppRouter }) {
  const { state } = useSession();
  const settled = state.status === 'signed-in' || state.status === 'signed-out';
  const userId = state.user?._id ?? null;
  const previous = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!settled) return;
    const before = previous.current;
    previous.current = userId;
    if (before === undefined || before === userId) return;
    // Everything read for the last user goes, paged lists included (a filtered mutate would
    // skip their keys) and reads still in flight; the screens on show read again.
    void unload();
    if (userId === null) void router.invalidate();
  }, [settled, userId, router]);
  return null;
}

// Data saver's Auto and Only on Wi-Fi follow the connection as it changes.
watchConnection();

export function App({ router }: { router: AppRouter }) {
  const { api, session } = router.options.context;
  const { dataSaver } = useSettings();
  const config = useMemo(() => swrConfig(api, { dataSaver }), [api, dataSaver]);
  return (
    <SessionProvider api={api} session={session}>
      <SWRConfig value={config}>
        <SessionWatcher router={router} />
        <Resumers />
        <RouterProvider router={router} />
        <ToastHost />
      </SWRConfig>
    </SessionProvider>
  );
}
