import { createRootRoute, createRoute, createRouter, lazyRouteComponent, Link } from '@tanstack/react-router';
import { clientRoutes } from '../../shared/routes.ts';
import { Layout } from '../components/layout/layout.tsx';
import { Screen } from '../components/screen.tsx';
import { routeFiles } from './route-files.ts';

function NotFound() {
  return (
    <Screen title="Page not found">
      <p>There is no page at this address.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </Screen>
  );
}

function RouteError({ error, reset }: { error: unknown; reset: () => void }) {
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <Screen title="This page could not be shown">
      <p role="alert">
        {offline
          ? 'You are offline and this page has not been saved on this device yet.'
          : error instanceof Error
            ? error.message
            : 'Something went wrong.'}
      </p>
      <button type="button" className="button" onClick={reset}>
        Try again
      </button>
    </Screen>
  );
}

const rootRoute = createRootRoute({ component: Layout, notFoundComponent: NotFound });

const routeTree = rootRoute.addChildren(
  clientRoutes.map(({ path }) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path,
      component: lazyRouteComponent(routeFiles[path]),
    }),
  ),
);

export function createAppRouter(options: { history?: Parameters<typeof createRouter>[0]['history'] } = {}) {
  return createRouter({
    routeTree,
    defaultPreload: 'intent',
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
    ...options,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
