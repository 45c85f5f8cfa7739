import react from '@vitejs/plugin-react';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import { LANGUAGE_BOOT_SCRIPT, type Language } from '../../src/shared/language.ts';
import { readRouteFiles } from '../lib/route-files.mjs';

const SHELL_MODULE = 'virtual:eduportal-app-shell';

/** Around the English shell in index.html: a route's prerendered page replaces what is between. */
export const SCREEN_START = '<!--eduportal:page-->';
export const SCREEN_END = '<!--/eduportal:page-->';

/** What the other build plugins read: each prerendered route's page markup (dev URLs for assets). */
export type AppShellPlugin = Plugin<{ prerendered: ReadonlyMap<string, string> }>;

/**
 * Renders the top bar as it looks before anyone signs in, with the real component, for
 * index.html. The path matches no screen, so no link is marked as the current page.
 */
const shellModuleSource = `
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { TopBar } from '/src/client/components/layout/top-bar.tsx';
import { NavigationProvider } from '/src/client/components/navigation.tsx';
import { routerNavigation } from '/src/client/app/router-navigation.tsx';
import { ScreenSkeleton } from '/src/client/components/layout/screen-skeleton.tsx';
import { createSession, SessionProvider } from '/src/client/lib/session.tsx';
import { applyLanguage } from '/src/client/i18n/i18n.ts';

export async function renderTopBar(language) {
  await applyLanguage(language);
  const api = { onSessionEnded: () => () => {} };
  const session = createSession(api);
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => createElement(NavigationProvider, { value: routerNavigation }, createElement(TopBar)),
    }),
    history: createMemoryHistory({ initialEntries: ['/app-shell'] }),
  });
  await router.load();
  return renderToStaticMarkup(
    createElement(SessionProvider, { api, session }, createElement(RouterProvider, { router })),
  );
}

export function renderSkeleton() {
  return renderToStaticMarkup(createElement(ScreenSkeleton));
}

// A whole page as a visitor who has not signed in first sees it: the layout (skip link, top bar,
// main, footer) around the route's real screen, in English.
export async function renderPage(path, source) {
  await applyLanguage('en');
  const { RootLayout } = await import('/src/client/app/router-navigation.tsx');
  const screen = await import(/* @vite-ignore */ '/' + source);
  const api = { onSessionEnded: () => () => {} };
  const session = createSession(api);
  const rootRoute = createRootRoute({ component: RootLayout });
  const router = createRouter({
    routeTree: rootRoute.addChildren([createRoute({ getParentRoute: () => rootRoute, path, component: screen.default })]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  return renderToStaticMarkup(
    createElement(SessionProvider, { api, session }, createElement(RouterProvider, { router })),
  );
}
`;

/**
 * The first paint without waiting for JavaScript: index.html carries the top bar and the
 * layout's skeleton under it, rendered at build time from the same components, so a phone on a
 * slow connection shows the page's frame as soon as the HTML and the main stylesheet are in,
 * while the code (a few hundred KB) is still on its way; the skeleton holds the screen's place,
 * so the footer never shows above a screen still loading and then jumps. It sits beside #root, not in it (the router's first commit is empty and would wipe
 * it), and the top bar removes it in a layout effect, in the same frame that React's own appears.
 */
export function appShell({ prerender }: { prerender: readonly string[] }): AppShellPlugin {
  let config: ResolvedConfig | undefined;
  const pages = new Map<string, string>();
  return {
    name: 'eduportal:app-shell',
    api: { prerendered: pages },
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        const slot = '<div id="root"></div>';
        // Without the shell the app still works, only its first paint waits for the code: a
        // top bar that cannot be rendered outside the browser any more warns, and does not
        // stop the build.
        const skip = (why: string) => {
          config?.logger.warn(`\n[app-shell] index.html goes out without its static top bar: ${why}`);
          return html;
        };
        if (!html.includes(slot)) return skip(`no ${slot} in index.html`);
        const server = await createServer({
          root: config?.root ?? process.cwd(),
          configFile: false,
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
          optimizeDeps: { noDiscovery: true, include: [] },
          plugins: [
            react(),
            {
              name: 'eduportal:app-shell-module',
              resolveId: (id) => (id === SHELL_MODULE ? `\0${SHELL_MODULE}` : undefined),
              load: (id) => (id === `\0${SHELL_MODULE}` ? shellModuleSource : undefined),
            },
          ],
        });
        try {
          const { renderTopBar, renderSkeleton, renderPage } = (await server.ssrLoadModule(SHELL_MODULE)) as {
            renderTopBar: (language: Language) => Promise<string>;
            renderSkeleton: () => string;
            renderPage: (path: string, source: string) => Promise<string>;
          };
          // The marketing pages, whole, in English (the Hindi shell keeps its skeleton: see
          // docs/architecture.md, "Start"). Rendered before the shells, which leave English on.
          const sources = new Map(
            readRouteFiles(config?.root ?? process.cwd()).map((r) => [r.route, r.source]),
          );
          for (const route of prerender) {
            const source = sources.get(route);
            if (!source) throw new Error(`[app-shell] no screen for the prerendered route ${route}`);
            const page = await renderPage(route, source);
            if (!page.includes('<main id="main"')) throw new Error(`[app-shell] ${route} rendered no <main>`);
            pages.set(route, page);
          }
          // The top bar and skeleton in each language; the stored choice, put on <html lang> by
          // the head's script before the first paint, shows one of them (styles.css): no flash
          // of English.
          const shells: string[] = [];
          for (const language of ['en', 'hi'] as const) {
            const topBar = await renderTopBar(language);
            // The shell must be the real top bar, or the swap would change what the page shows.
            if (!topBar.includes('class="site-header"')) return skip('the top bar has no .site-header');
            const main = `<div class="shell-main">${renderSkeleton()}</div>`;
            // The English shell is marked, so that a prerendered page can take its place.
            const shell = `${topBar}${main}`;
            shells.push(
              `<div class="shell-lang-${language}" lang="${language}">${language === 'en' ? `${SCREEN_START}${shell}${SCREEN_END}` : shell}</div>`,
            );
          }
          const boot = `<script>${LANGUAGE_BOOT_SCRIPT}</script>`;
          return html
            .replace('</title>', `</title>\n    ${boot}`)
            .replace(slot, `<div id="app-shell">${shells.join('')}</div>${slot}`);
        } catch (err) {
          return skip(err instanceof Error ? err.message : String(err));
        } finally {
          await server.close();
        }
      },
    },
  };
}
