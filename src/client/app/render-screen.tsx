import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
  type AnyRoute,
  type RouteComponent,
} from '@tanstack/react-router';
import { renderToStaticMarkup } from 'react-dom/server';
import { SWRConfig } from 'swr';
import type { CurrentUser } from '../../shared/contracts/users.ts';
import { CURRENT_USER_PATH, type FirstReads } from '../../shared/first-reads.ts';
import type { ClientRoutePath } from '../../shared/routes.ts';
import { enScreens } from '../i18n/en-screens.ts';
import { addScreenWords, applyLanguage } from '../i18n/i18n.ts';
import type { ApiClient } from '../lib/api-client.ts';
import { createSession, SessionProvider } from '../lib/session.tsx';
import DashbordRoute from '../routes/dashbord.tsx';
import VideosRoute from '../routes/videos.tsx';
import { RootLayout } from './router-navigation.tsx';

/**
 * The screens the server renders for a signed-in visitor, from their first reads
 * (src/shared/first-reads.ts): the list's first page is in the page as HTML, so it shows as soon
 * as the page and its stylesheets are in, before the app's code; the app then starts from the
 * same reads and takes the page over. Built for Node by scripts/vite/server-render.ts.
 */
const screens: Partial<Record<ClientRoutePath, RouteComponent>> = {
  '/dashbord': DashbordRoute,
  '/videos': VideosRoute,
};

/** Nothing is asked of the API while rendering: every read the screen makes is in `reads`. */
// The screens rendered here are signed-in screens: their words are all here at once.
addScreenWords(enScreens);

const noApi = { onSessionEnded: () => () => {}, tokenMode: 'cookies' } as unknown as ApiClient;
const never = () => new Promise<never>(() => {});

/** The screen at `path` as its signed-in visitor first sees it, or undefined for any other screen. */
export async function renderScreen(path: ClientRoutePath, reads: FirstReads): Promise<string | undefined> {
  const Screen = screens[path];
  const user = reads[CURRENT_USER_PATH]?.data as CurrentUser | undefined;
  if (!Screen || !user) return undefined;
  await applyLanguage('en');
  const session = createSession(noApi);
  session.setUser(user);
  // A cache of the reads, as the app's boot seeds its own (src/client/app/first-reads.ts).
  const cache = new Map<string, unknown>();
  for (const [key, answer] of Object.entries(reads)) {
    if (key === CURRENT_USER_PATH) continue;
    cache.set(key, { data: answer.data, isLoading: false, isValidating: false });
  }
  const rootRoute = createRootRoute({ component: RootLayout });
  const route: AnyRoute = createRoute({ getParentRoute: () => rootRoute, path, component: Screen });
  const router = createRouter({
    routeTree: rootRoute.addChildren([route]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  return renderToStaticMarkup(
    <SessionProvider api={noApi} session={session}>
      <SWRConfig
        value={{
          provider: () => cache as Map<string, never>,
          fetcher: never,
          revalidateOnMount: false,
          strictServerPrefetchWarning: false,
        }}
      >
        <RouterProvider router={router} />
      </SWRConfig>
    </SessionProvider>,
  );
}
