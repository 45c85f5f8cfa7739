import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';

/** Where, inside the client's build, the server finds the screens it renders (static-app.ts). */
export const SERVER_RENDER_FILE = 'ssr/render-screen.mjs';

/**
 * Builds, after the client, `entry` for Node: the signed-in screens the server renders from a
 * visitor's first reads (src/client/app/render-screen.tsx). The same components as the app's, so
 * what the server sends is what the app then shows. React, the router and SWR stay outside the
 * file, read from the server's own dependencies; styles are the client build's.
 */
export function serverRender({ entry }: { entry: string }): Plugin {
  let root = process.cwd();
  let outDir = 'dist/client';
  return {
    name: 'eduportal:server-render',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(resolved) {
      root = resolved.root;
      outDir = path.resolve(resolved.root, resolved.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await build({
          root,
          configFile: false,
          logLevel: 'warn',
          plugins: [react()],
          // Everything it imports goes into the file: the server runs it from the built files
          // after \`npm ci --omit=dev\`, where React, the router and SWR (the client's packages,
          // dev dependencies of a server that serves them built) are not installed.
          ssr: { noExternal: true },
          build: {
            ssr: entry,
            outDir: path.join(outDir, path.dirname(SERVER_RENDER_FILE)),
            emptyOutDir: true,
            copyPublicDir: false,
            target: 'node20',
            rollupOptions: {
              output: {
                entryFileNames: path.basename(SERVER_RENDER_FILE),
                // Node 20 has no navigator, which the app's modules read when they load (the
                // connection, the worker): a stand-in of this file's own, online and plain, so
                // the server's global stays as Node made it.
                banner: 'const navigator = { onLine: true };',
              },
            },
          },
        });
      },
    },
  };
}
