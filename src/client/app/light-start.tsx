import { startTransition, StrictMode, useEffect, useRef, type ComponentType, type MouseEvent } from 'react';
import type { Root } from 'react-dom/client';
import type { ClientRoutePath } from '../../shared/routes.ts';
import { Layout } from '../components/layout/layout.tsx';
import { ScreenSkeleton } from '../components/layout/screen-skeleton.tsx';
import { NavigationProvider, type AppLinkProps, type Navigation } from '../components/navigation.tsx';
import { ToastHost } from '../components/toast/toast-host.tsx';
import { t } from '../i18n/i18n.ts';
import { api } from '../lib/api-client.ts';
import { dataSaverOn } from '../lib/data-saver.ts';
import { createSession, SessionProvider, type Session } from '../lib/session.tsx';
import { watchConnection } from '../lib/settings.ts';
import { createStore, useStore, type Store } from '../lib/store.ts';
import type { boot } from './boot.tsx';
import type { LightRoute } from './light-routes.ts';
import { whenPageIdle } from './page-idle.ts';
import { Resumers } from './resumers.tsx';

/** Each light route's screen (app/light-routes.ts); the page preloads it beside this file. */
const screens: Record<LightRoute, () => Promise<{ default: ComponentType }>> = {
  '/': () => import('../routes/home.tsx'),
};

type Boot = { boot: typeof boot };

/** How long a followed link waits for the app's code before the skeleton shows (the router's own wait). */
const PENDING_MS = 1000;

/** A click the page should handle itself: the main button, no key held, no other target. */
const plainClick = (event: MouseEvent<HTMLAnchorElement>) =>
  !event.defaultPrevented &&
  event.button === 0 &&
  !event.metaKey &&
  !event.ctrlKey &&
  !event.shiftKey &&
  !event.altKey &&
  !event.currentTarget.target;

/**
 * Links that are plain addresses (they work before any code, and opened in a new tab) and,
 * followed in this tab, hand the page to the router: the app's code comes, the address changes
 * and the app renders the new screen into the same root, with the session this page already
 * holds. Until then nothing that a student does on the page is thrown away.
 */
function lightNavigation(
  root: Root,
  session: Session,
  { refused, waiting }: { refused: Store<boolean>; waiting: Store<boolean> },
): { navigation: Navigation; loadApp: () => Promise<Boot> } {
  let app: Promise<Boot> | null = null;
  // A failed download is asked again at the next try (the connection may be back).
  const loadApp = () =>
    (app ??= import('./boot.tsx').catch((error: unknown) => {
      app = null;
      throw error;
    }));
  let handedOver = false;

  const open = async (to: ClientRoutePath) => {
    if (handedOver) return;
    handedOver = true;
    refused.set(false);
    // As the router does for a screen that takes its time: after a second, the skeleton.
    const slow = setTimeout(() => {
      waiting.set(true);
      window.scrollTo(0, 0);
    }, PENDING_MS);
    let start: Boot['boot'];
    try {
      ({ boot: start } = await loadApp());
    } catch {
      clearTimeout(slow);
      waiting.set(false);
      handedOver = false;
      // Online, the browser can still open the address as a new page; offline, the student
      // keeps this one and is told why nothing opened (in the page: a toast's own code would
      // not come either).
      if (navigator.onLine) window.location.assign(to);
      else refused.set(true);
      return;
    }
    clearTimeout(slow);
    window.history.pushState(null, '', to);
    window.scrollTo(0, 0);
    start(root, { session });
  };

  function LightLink({ to, activeProps, activeOptions: _exact, onClick, className, ...rest }: AppLinkProps) {
    // The light routes have no parameters: "active" is the exact path, as the router's links use.
    const active = window.location.pathname === to;
    const classes = [className, active ? activeProps?.className : undefined].filter(Boolean).join(' ');
    return (
      <a
        {...rest}
        href={to}
        className={classes || undefined}
        aria-current={active ? activeProps?.['aria-current'] : undefined}
        // Intent, as the router preloads on: the code starts coming before the click lands.
        onPointerEnter={() => void loadApp().catch(() => {})}
        onFocus={() => void loadApp().catch(() => {})}
        onClick={(event) => {
          onClick?.(event);
          if (!plainClick(event)) return;
          event.preventDefault();
          void open(to);
        }}
      />
    );
  }

  const navigation: Navigation = {
    Link: LightLink,
    useNavigate: () => open,
  };
  return { navigation, loadApp };
}

/** The screen, or the skeleton while a followed link waits a while for the app's code. */
function LightScreen({ Screen, waiting }: { Screen: ComponentType; waiting: Store<boolean> }) {
  return useStore(waiting) ? <ScreenSkeleton /> : <Screen />;
}

/** Why a followed link left the student where they were. */
function RefusedNotice({ refused }: { refused: Store<boolean> }) {
  const shown = useStore(refused);
  const notice = useRef<HTMLParagraphElement>(null);
  // A link followed from the footer is far from the notice: it comes into view.
  useEffect(() => {
    if (shown) notice.current?.scrollIntoView({ block: 'nearest' });
  }, [shown]);
  return shown ? (
    <p ref={notice} className="page-notice" role="alert">
      {t('routeError.offline')}
    </p>
  ) : null;
}

// Data saver's Auto and Only on Wi-Fi follow the connection as it changes (as app.tsx does).
watchConnection();

/**
 * Renders a light route's screen in its layout without the router (app/light-routes.ts). The
 * rest of the app's code comes once the page is idle (the worker's install downloads it then
 * too), or with data saver on, only when a link is followed.
 */
export async function lightStart(root: Root, path: LightRoute): Promise<void> {
  const { default: Screen } = await screens[path]();
  const session = createSession(api);
  // The current user, for the top bar, asked for at once as the router's start does.
  void session.load();
  const refused = createStore(false);
  const waiting = createStore(false);
  const { navigation, loadApp } = lightNavigation(root, session, { refused, waiting });
  startTransition(() =>
    root.render(
      <StrictMode>
        <SessionProvider api={api} session={session}>
          <NavigationProvider value={navigation}>
            <Resumers />
            <Layout notices={<RefusedNotice refused={refused} />}>
              <LightScreen Screen={Screen} waiting={waiting} />
            </Layout>
            <ToastHost />
          </NavigationProvider>
        </SessionProvider>
      </StrictMode>,
    ),
  );
  // Data saver is asked at that moment: Auto follows the connection, which may have changed.
  void whenPageIdle()
    .then(() => (dataSaverOn() ? undefined : loadApp()))
    .catch(() => {});
}
