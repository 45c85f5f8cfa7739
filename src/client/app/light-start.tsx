import { startTransition, StrictMode, useEffect, useRef, type ComponentType, type MouseEvent } from 'react';
import type { Root } from 'react-dom/client';
import type { ClientRoutePath } from '../../shared/routes.ts';
import { Layout } from '../components/layout/layout.tsx';
import { ScreenSkeleton, SKELETON_AFTER_MS } from '../components/layout/screen-skeleton.tsx';
import { NavigationProvider, type AppLinkProps, type Navigation } from '../components/navigation.tsx';
import { ToastHost } from '../components/toast/toast-host.tsx';
import { t } from '../i18n/i18n.ts';
import { api } from '../lib/api-client.ts';
import { dataSaverOn } from '../lib/data-saver.ts';
import { loadOnce } from '../lib/load-once.ts';
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

/**
 * Where a light page is: showing its screen; a followed link waiting for the app's code (after
 * a while, `slow`: the skeleton); that code refused (offline: the page says so); or the page
 * handed to the app, whose render may still be on its way.
 */
type Phase = 'screen' | 'opening' | 'slow' | 'refused' | 'handed';

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
  phase: Store<Phase>,
  loadApp: () => Promise<{ boot: typeof boot }>,
): Navigation {
  const open = async (to: ClientRoutePath) => {
    if (phase.get() !== 'screen' && phase.get() !== 'refused') return;
    phase.set('opening');
    // As the router does for a screen that takes its time: after a while, the skeleton.
    const slow = setTimeout(() => {
      phase.set('slow');
      window.scrollTo(0, 0);
    }, SKELETON_AFTER_MS);
    let app: { boot: typeof boot };
    try {
      app = await loadApp();
    } catch {
      // Online, the browser can still open the address as a new page; offline, the student
      // keeps this one and is told why nothing opened (in the page: a toast's own code would
      // not come either).
      phase.set(navigator.onLine ? 'screen' : 'refused');
      if (navigator.onLine) window.location.assign(to);
      return;
    } finally {
      clearTimeout(slow);
    }
    phase.set('handed');
    window.history.pushState(null, '', to);
    window.scrollTo(0, 0);
    app.boot(root, { session });
  };
  // Intent, as the router preloads on: the code starts coming before the click lands.
  const preload = () => void loadApp().catch(() => {});

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
        onPointerEnter={preload}
        onFocus={preload}
        onClick={(event) => {
          onClick?.(event);
          if (!plainClick(event)) return;
          event.preventDefault();
          void open(to);
        }}
      />
    );
  }

  return { Link: LightLink, useNavigate: () => open };
}

/** The screen, or the skeleton while a followed link has waited a while for the app's code. */
function LightScreen({ Screen, phase }: { Screen: ComponentType; phase: Store<Phase> }) {
  return useStore(phase) === 'slow' ? <ScreenSkeleton /> : <Screen />;
}

/** Why a followed link left the student where they were. */
function RefusedNotice({ phase }: { phase: Store<Phase> }) {
  const shown = useStore(phase) === 'refused';
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
  const phase = createStore<Phase>('screen');
  // A download that did not come is asked again at the next try (the connection may be back).
  const loadApp = loadOnce(() => import('./boot.tsx'));
  const navigation = lightNavigation(root, session, phase, loadApp);
  startTransition(() =>
    root.render(
      <StrictMode>
        <SessionProvider api={api} session={session}>
          <NavigationProvider value={navigation}>
            <Resumers />
            <Layout notices={<RefusedNotice phase={phase} />}>
              <LightScreen Screen={Screen} phase={phase} />
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
