import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { Layout } from '../components/layout/layout.tsx';
import { NavigationProvider, type AppLinkProps, type Navigation } from '../components/navigation.tsx';
import { SavedCopyNotice } from '../components/offline/saved-copy-notice.tsx';

function RouterLink(props: AppLinkProps) {
  return <Link {...props} />;
}

function useRouterNavigate() {
  const navigate = useNavigate();
  return async (to: AppLinkProps['to']) => {
    await navigate({ to });
  };
}

/** The layout's links and navigation once the router runs the page. */
export const routerNavigation: Navigation = { Link: RouterLink, useNavigate: useRouterNavigate };

/** The router's root: the layout around the open screen, its links through the router. */
export function RootLayout() {
  return (
    <NavigationProvider value={routerNavigation}>
      <Layout notices={<SavedCopyNotice />}>
        <Outlet />
      </Layout>
    </NavigationProvider>
  );
}
