import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Link,
  redirect,
} from '@tanstack/react-router';
import { clientRoutes } from '../../shared/routes.ts';
import { ScreenSkeleton, SKELETON_AFTER_MS } from '../components/layout/screen-skeleton.tsx';
import { Screen } from '../components/screen.tsx';
import { api as appApi, type ApiClient } from '../lib/api-client.ts';
import { safeRedirect } from '../lib/safe-redirect.ts';
import { createSession, type Session } from '../lib/session.tsx';
import { routeFiles } from './route-files.ts';
import { RootLayout } from './router-navigation.tsx';
import { signedInRoutes } from './signed-in-routes.ts';
import { loadScreenWords, t } from '../i18n/i18n.ts';
import { prerenderedRoutes } from './prerendered-routes.ts';
import { serverText } from '../i18n/server-messages.ts';

export interface RouterContext {
  api: ApiClient;
  session: Session;
}

function NotFound() {
  return (
    <Screen title={t('notFound.title')}>
      <p>{t('notFound.text')}</p>
      <p>
        <Link to="/">{t('notFound.home')}</Link>
      </p>
    </Screen>
  );
}

function RouteError({ error, reset }: { error: unknown; reset: () => void }) {
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <Screen title={t('routeError.title')}>
      <p role="alert">
        {offline
          ? t('routeError.offline')
          : error instanceof Error
            ? serverText(error.message)
            : t('routeError.generic')}
      </p>
      <button type="button" className="button" onClick={reset}>
        {t('status.tryAgain')}
      </button>
    </Screen>
  );
}

/**
 * The marketing pages bring their own words (en.ts, en-marketing.ts); every other screen waits for
 * the rest of English as well as its code, so a first visit does not carry the signed-in words.
 */
const firstScreens = new Set<string>(prerenderedRoutes);

/** The screens whose address carries a search (`?q=`). */
const searchedRoutes = new Set<string>(['/dashbord', '/videos', '/courses']);

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

const routeTree = rootRoute.addChildren(
  clientRoutes.map(({ path }) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path,
      component: lazyRouteComponent(
        firstScreens.has(path)
          ? routeFiles[path]
          : () => Promise.all([routeFiles[path](), loadScreenWords()]).then(([screen]) => screen),
      ),
      // /login reads where to go back to after signing in; the video lists, what was searched
      // ("Search videos", so that a search has an address to share and to reopen offline).
      validateSearch: (search: Record<string, unknown>): { redirect?: string; q?: string } => {
        if (searchedRoutes.has(path)) {
          // The router reads `?q=4242` as a number: the words are text whatever they look like.
          const q = ['string', 'number', 'boolean'].includes(typeof search.q) ? String(search.q) : '';
          return q.trim() ? { q } : {};
        }
        if (path !== '/login') return {};
        const target = safeRedirect(search.redirect);
        return target ? { redirect: target } : {};
      },
      beforeLoad: signedInRoutes.has(path)
        ? async ({ context, location }) => {
            const state = await context.session.load();
            if (state.status === 'signed-out') {
              throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
            }
          }
        : undefined,
    }),
  ),
);

export function createAppRouter(
  options: {
    history?: Parameters<typeof createRouter>[0]['history'];
    /** The API client; tests point it at their own server. */
    api?: ApiClient;
    /** Gives the session what the page already knows (the first reads), before it asks. */
    seed?: (session: Session) => void;
    /** The session a light start already keeps (app/light-start.tsx), with the same API client. */
    session?: Session;
  } = {},
) {
  const api = options.api ?? appApi;
  const session = options.session ?? createSession(api);
  options.seed?.(session);
  // The current user is asked for at start, while the first screen's code downloads.
  void session.load();
  return createRouter({
    routeTree,
    context: { api, session },
    defaultPreload: 'intent',
    defaultErrorComponent: RouteError,
    defaultPendingComponent: ScreenSkeleton,
    defaultPendingMs: SKELETON_AFTER_MS,
    scrollRestoration: true,
    ...(options.history ? { history: options.history } : {}),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
