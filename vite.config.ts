import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '8080'}`;

const SHELL_MODULE = 'virtual:eduportal-app-shell';

/**
 * Renders the top bar as it looks before anyone signs in, with the real component, for
 * index.html. The path matches no screen, so no link is marked as the current page.
 */
const shellModuleSource = `
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { TopBar } from '/src/client/components/layout/top-bar.tsx';
import { createSession, SessionProvider } from '/src/client/lib/session.tsx';

export async function renderTopBar() {
  const api = { onSessionEnded: () => () => {} };
  const session = createSession(api);
  const router = createRouter({
    routeTree: createRootRoute({ component: TopBar }),
    history: createMemoryHistory({ initialEntries: ['/app-shell'] }),
  });
  await router.load();
  return renderToStaticMarkup(
    createElement(SessionProvider, { api, session }, createElement(RouterProvider, { router })),
  );
}
`;

/**
 * The first paint without waiting for JavaScript: index.html carries the top bar, rendered at
 * build time from the same component, so a phone on a slow connection shows the page's frame
 * as soon as the HTML and the main stylesheet are in, while the code (a few hundred KB) is still
 * on its way. It sits beside #root, not in it (the router's first commit is empty and would wipe
 * it), and main.tsx removes it in the same frame that React's own top bar appears.
 */
function appShell(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'eduportal:app-shell',
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
          const { renderTopBar } = (await server.ssrLoadModule(SHELL_MODULE)) as {
            renderTopBar: () => Promise<string>;
          };
          const topBar = await renderTopBar();
          // main.tsx swaps the shell out when React's header appears; it finds it by this class.
          if (!topBar.includes('class="site-header"')) return skip('the top bar has no .site-header');
          return html.replace(slot, `<div id="app-shell">${topBar}</div>${slot}`);
        } catch (err) {
          return skip(err instanceof Error ? err.message : String(err));
        } finally {
          await server.close();
        }
      },
    },
  };
}

/**
 * The entry imports its later stages (main.tsx) and the router imports each screen only once
 * the entry has run: round trips in a row before anything renders. index.html names those
 * chunks and their styles up front, so that they download beside the entry: the start's stages,
 * and the home screen's, since most visits start at / (the installed app's start_url too).
 * Other screens pay for about 15 KB (5 KB gzip) of the home screen they may not use; the service
 * worker caches it for later anyway. (Preloading the first hero picture too was measured: it
 * did not bring the home page's LCP forward and cost /blog about 150 ms of it.)
 */
function preloadStartChunks({ modules }: { modules: string[] }): Plugin {
  return {
    name: 'eduportal:preload-start-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return;
        const chunks = Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) throw new Error('preloadStartChunks: no entry chunk');
        const starts = modules.map((module) => {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
          if (!chunk) throw new Error(`preloadStartChunks: no chunk for ${module}`);
          return chunk;
        });
        const closure = (start: Rollup.OutputChunk, seen = new Set<string>()) => {
          if (seen.has(start.fileName)) return seen;
          seen.add(start.fileName);
          for (const file of start.imports) {
            const chunk = byFile.get(file);
            if (chunk) closure(chunk, seen);
          }
          return seen;
        };
        const loaded = closure(entry);
        const wanted = new Set<string>();
        for (const chunk of starts) closure(chunk, wanted);
        const scripts = [...wanted].filter((file) => !loaded.has(file));
        const styles = scripts.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        const href = (file: string) => `/${file}`;
        return [
          ...scripts.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: href(file) },
            injectTo: 'head' as const,
          })),
          // crossorigin as Vite's loader asks for them, so that the preloaded copy is the one used.
          ...styles.map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: href(file) },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.webmanifest', '.json']);

/**
 * Brotli and gzip copies of the text files, made once at build time and served by the server
 * (`preCompressed`), so a slow link carries about a third of the bytes at no CPU cost per
 * request. sw.js is left out: it must always be the file itself (the browser compares its bytes
 * to find a new version, and nothing may serve a stale compressed copy of it).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'eduportal:precompress',
    apply: 'build',
    configResolved(resolved) {
      outDir = path.resolve(resolved.root, resolved.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const entry of fs.readdirSync(outDir, { recursive: true, withFileTypes: true })) {
          if (!entry.isFile() || !COMPRESSIBLE.has(path.extname(entry.name)) || entry.name === 'sw.js')
            continue;
          const file = path.join(entry.parentPath, entry.name);
          const bytes = fs.readFileSync(file);
          if (bytes.length < 1024) continue;
          fs.writeFileSync(
            `${file}.br`,
            zlib.brotliCompressSync(bytes, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
          );
          fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    appShell(),
    preloadStartChunks({
      modules: ['react-dom/client.js', 'src/client/app/boot.tsx', 'src/client/routes/home.tsx'],
    }),
    precompress(),
    VitePWA({
      // Our own service worker (sw/sw.ts) with the build's file list injected into it.
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // main.tsx registers it through workbox-window, so that updates can be prompted for.
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,avif,woff2,webmanifest}'],
        // Shown only by the browser's install dialog: not worth a phone's bytes offline.
        globIgnores: ['screenshots/**'],
        rollupFormat: 'iife',
      },
      manifest: {
        id: '/',
        name: 'EduPortal',
        short_name: 'EduPortal',
        description:
          'Courses, videos and a learning community that keep working on weak connections and offline.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#f5f7f8',
        theme_color: '#0f5e6e',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
        // What the install dialog shows (made from the app's own home page, phone and desktop).
        screenshots: [
          {
            src: '/screenshots/home-narrow.webp',
            sizes: '412x915',
            type: 'image/webp',
            form_factor: 'narrow',
            label: 'The EduPortal home page on a phone',
          },
          {
            src: '/screenshots/home-wide.webp',
            sizes: '1366x768',
            type: 'image/webp',
            form_factor: 'wide',
            label: 'The EduPortal home page on a computer',
          },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    target: 'es2022',
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
