import type { Plugin, Rollup } from 'vite';
import { readRouteFiles } from '../lib/route-files.mjs';

/** Where the build writes which page answers which route; the server reads it (static-app.ts). */
export const PAGES_FILE = 'pages.json';

/**
 * The entry imports its later stages (main.tsx) and the router imports each screen only once
 * the entry has run: round trips in a row before anything renders. So each route gets a page of
 * its own, index.html with the preloads of the start's stages and of that route's screen, its
 * scripts and styles, and nothing else: a first visit to /dashbord no longer downloads the home
 * screen (issue 18). index.html itself is the home screen's page, and the service worker's shell
 * for every navigation once installed (from the device, where every file already is).
 * `pages.json` says which file answers which route. (Preloading the first hero picture too was
 * measured: it did not bring the home page's LCP forward and cost /blog about 150 ms of it.)
 */
export function preloadStartChunks({ modules, root }: { modules: string[]; root: string }): Plugin {
  return {
    name: 'eduportal:preload-start-chunks',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const page = bundle['index.html'];
        if (page?.type !== 'asset' || typeof page.source !== 'string')
          throw new Error('preloadStartChunks: no index.html in the bundle');
        const html = page.source;
        const chunks = Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) throw new Error('preloadStartChunks: no entry chunk');
        const chunkOf = (module: string) => {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
          if (!chunk) throw new Error(`preloadStartChunks: no chunk for ${module}`);
          return chunk;
        };
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
        const starts = modules.map(chunkOf);
        // crossorigin as Vite's loader asks for them, so that the preloaded copy is the one used.
        const preloads = (screen: string) => {
          const wanted = new Set<string>();
          for (const chunk of [...starts, chunkOf(screen)]) closure(chunk, wanted);
          const scripts = [...wanted].filter((file) => !loaded.has(file));
          const styles = new Set(
            scripts.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]),
          );
          return [
            ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
            ...[...styles].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
          ].join('\n    ');
        };
        const withPreloads = (screen: string) => html.replace('</head>', `  ${preloads(screen)}\n  </head>`);

        const pages: Record<string, string> = {};
        for (const { route, source } of readRouteFiles(root)) {
          const fileName =
            route === '/'
              ? 'index.html'
              : `pages/${route.slice(1).replaceAll('/', '-').replaceAll('$', '')}.html`;
          pages[route] = fileName;
          if (route === '/') page.source = withPreloads(source);
          else this.emitFile({ type: 'asset', fileName, source: withPreloads(source) });
        }
        if (!pages['/']) throw new Error('preloadStartChunks: no screen for /');
        this.emitFile({ type: 'asset', fileName: PAGES_FILE, source: JSON.stringify(pages, null, 2) });
      },
    },
  };
}
