import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appShell } from './scripts/vite/app-shell.ts';
import { precompress } from './scripts/vite/precompress.ts';
import { preloadStartChunks } from './scripts/vite/preload-start-chunks.ts';
import { markScreens } from './scripts/vite/screens-manifest.ts';
import { serverRender } from './scripts/vite/server-render.ts';
import { lightRoutes } from './src/client/app/light-routes.ts';
import { prerenderedRoutes } from './src/client/app/prerendered-routes.ts';

// The build's own plugins live in scripts/vite/, one file each (docs/architecture.md, "Start").
const apiTarget = `http://localhost:${process.env.API_PORT ?? '8080'}`;
const shell = appShell({ prerender: prerenderedRoutes });
const reactDom = 'react-dom/client.js';

export default defineConfig({
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: path.resolve(import.meta.dirname, 'src/client/lib/sync-external-store.ts'),
      },
    ],
  },
  plugins: [
    react(),
    shell,
    preloadStartChunks({
      // React DOM, then the app's start, or on a light route (app/light-routes.ts) the light one.
      modules: [reactDom, 'src/client/app/boot.tsx'],
      light: { modules: [reactDom, 'src/client/app/light-start.tsx'], routes: lightRoutes },
      root: import.meta.dirname,
      prerendered: () => shell.api?.prerendered ?? new Map(),
    }),
    precompress(),
    serverRender({ entry: 'src/client/app/render-screen.tsx' }),
    VitePWA({
      // Our own service worker (sw/sw.ts) with the build's file list injected into it.
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // main.tsx registers it through workbox-window, so that updates can be prompted for.
      injectRegister: false,
      // The manifest's icons are among the build's files already (public/icons): added again,
      // each was precached twice (issue 18).
      includeManifestIcons: false,
      injectManifest: {
        // Not the manifest: the plugin adds it itself (it was listed twice).
        globPatterns: ['**/*.{js,css,html,svg,png,webp,avif,woff2}'],
        // Shown only by the browser's install dialog: not worth a phone's bytes offline.
        // Nor the routes' own pages: offline, index.html answers every navigation (sw/sw.ts).
        // Nor the home page's (shell.html answers every navigation, index.html has the home
        // screen's preloads and page in it).
        // Nor what the server renders with (ssr/).
        globIgnores: ['screenshots/**', 'pages/**', 'index.html', 'ssr/**'],
        rollupFormat: 'iife',
        // Which files only unopened screens need: data saver leaves them for later (sw/sw.ts).
        manifestTransforms: [markScreens(path.resolve(import.meta.dirname, 'dist/client'))],
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
        // What the install dialog shows: the app's own home page, phone and desktop, made by
        // scripts/make-screenshots.mjs (run it when the top bar or the home page change).
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
    // Every browser that runs es2022 code follows <link rel="modulepreload"> itself: Vite's
    // polyfill for it (0.5 KB of the entry) only cost the first route its bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/]react[\\/]/, priority: 3 },
            { name: 'router', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 2 },
            {
              name: 'frame',
              test: /[\\/]src[\\/]client[\\/]components[\\/](layout[\\/]|screen\.tsx|breadcrumb\.tsx|navigation\.tsx)/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
