import { createHash } from 'node:crypto';
import type { Plugin, Rollup } from 'vite';
import { disableControls, withTitle } from '../../src/shared/static-markup.ts';
import { readRouteFiles } from '../lib/route-files.mjs';
import { SCREEN_END, SCREEN_START } from './app-shell.ts';

/** Where the build writes which page answers which route; the server reads it (static-app.ts). */
export const PAGES_FILE = 'pages.json';
/**
 * Where the build writes the hashes of each page's inline styles, for the Content-Security-Policy
 * the server sends with that page (static-app.ts): `{ "index.html": ["sha256-..."] }`.
 */
export const INLINE_STYLES_FILE = 'inline-styles.json';
/**
 * The service worker's answer to every navigation: index.html without any screen's preloads or
 * prerendered page, so that no screen downloads another's files (sw/sw.ts).
 */
export const SHELL_FILE = 'shell.html';
/** The words every screen but the marketing pages loads with its code (src/client/i18n/i18n.ts). */
const SCREEN_WORDS = 'src/client/i18n/en-screens.ts';

/**
 * The entry imports its later stages (main.tsx) and the router imports each screen only once
 * the entry has run: round trips in a row before anything renders. So each route gets a page of
 * its own, index.html with the preloads of the start's stages and of that route's screen, its
 * scripts and styles, and nothing else: a first visit to /dashbord no longer downloads the home
 * screen. index.html itself is the home screen's page, and the service worker's shell
 * for every navigation once installed (from the device, where every file already is).
 * `pages.json` says which file answers which route. (Preloading the first hero picture too was
 * measured: it did not bring the home page's LCP forward and cost /blog about 150 ms of it.)
 */
export function preloadStartChunks({
  modules,
  light,
  root,
  prerendered = () => new Map(),
}: {
  modules: string[];
  /**
   * The routes that start without the router (src/client/app/light-routes.ts): their pages
   * preload these stages in place of `modules`.
   */
  light: { modules: string[]; routes: readonly string[] };
  root: string;
  /** Each prerendered route's page (scripts/vite/app-shell.ts), read once the bundle is written. */
  prerendered?: () => ReadonlyMap<string, string>;
}): Plugin {
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
        const lightStarts = light.modules.map(chunkOf);
        // crossorigin as Vite's loader asks for them, so that the preloaded copy is the one used.
        const preloads = (route: string, screen: string, also: string[]) => {
          const wanted = new Set<string>();
          const stages = light.routes.includes(route) ? lightStarts : starts;
          for (const chunk of [...stages, chunkOf(screen), ...also.map(chunkOf)]) closure(chunk, wanted);
          const scripts = [...wanted].filter((file) => !loaded.has(file));
          const styles = new Set(
            scripts.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]),
          );
          return [
            ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
            ...[...styles].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
          ].join('\n    ');
        };
        const withPreloads = (route: string, screen: string, also: string[] = []) =>
          html.replace('</head>', `  ${preloads(route, screen, also)}\n  </head>`);

        // A prerendered page's images were rendered with their source paths: the built files'.
        const assets = Object.values(bundle).filter((o): o is Rollup.OutputAsset => o.type === 'asset');
        const builtUrls = (markup: string) => {
          let out = markup;
          for (const asset of assets) {
            for (const original of asset.originalFileNames) {
              for (const suffix of ['?no-inline"', '"'])
                out = out.replaceAll(`/${original}${suffix}`, `/${asset.fileName}"`);
            }
          }
          // The policy allows no style attributes (React sets its styles through the DOM, which
          // the policy allows): a prerendered page goes without, on the stylesheets' defaults.
          out = out.replace(/ style="[^"]*"/g, '');
          const left = /(?:src|href)="(\/src\/[^"]+)"/.exec(out);
          if (left) throw new Error(`preloadStartChunks: a prerendered page names a source file: ${left[1]}`);
          return out;
        };
        const css = (file: string) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset') throw new Error(`preloadStartChunks: no ${file} in the bundle`);
          return String(asset.source);
        };
        const inlineStyles: Record<string, string[]> = {};
        /**
         * The route's page as rendered at build time in place of the English shell, with the
         * styles it needs inline (the start's stylesheet and the screen's): the first round trip
         * brings something to read, with no stylesheet to wait for. The screen's stylesheet stays
         * preloaded, as the screen's code asks for it again when it runs.
         */
        const prerender = (pageHtml: string, fileName: string, markup: string) => {
          const start = pageHtml.indexOf(SCREEN_START);
          const end = pageHtml.indexOf(SCREEN_END);
          if (start < 0 || end < start)
            throw new Error('preloadStartChunks: no English shell to prerender into');
          const links = [
            ...pageHtml.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">\n?\s*/g),
          ];
          const styled = [
            ...links.map(([, file]) => file ?? ''),
            ...[
              ...pageHtml.matchAll(/<link rel="preload" as="style" crossorigin href="\/([^"]+\.css)">/g),
            ].map(([, file]) => file ?? ''),
          ];
          const style = styled.map(css).join('\n').replaceAll('</style', '<\\/style');
          inlineStyles[fileName] = [`sha256-${createHash('sha256').update(style).digest('base64')}`];
          let out = `${pageHtml.slice(0, start)}${disableControls(builtUrls(markup))}${pageHtml.slice(end + SCREEN_END.length)}`;
          for (const [link] of links) out = out.replace(link, '');
          return withTitle(out, markup).replace('</head>', `  <style>${style}</style>\n  </head>`);
        };
        const pageFor = (route: string, source: string, fileName: string) => {
          const markup = prerendered().get(route);
          // A screen that is not a marketing page waits for the rest of English (i18n.ts).
          const withScreen = withPreloads(route, source, markup === undefined ? [SCREEN_WORDS] : []);
          return markup === undefined ? withScreen : prerender(withScreen, fileName, markup);
        };

        const pages: Record<string, string> = {};
        for (const { route, source } of readRouteFiles(root)) {
          const fileName =
            route === '/'
              ? 'index.html'
              : `pages/${route.slice(1).replaceAll('/', '-').replaceAll('$', '')}.html`;
          pages[route] = fileName;
          if (route === '/') page.source = pageFor(route, source, fileName);
          else this.emitFile({ type: 'asset', fileName, source: pageFor(route, source, fileName) });
        }
        if (!pages['/']) throw new Error('preloadStartChunks: no screen for /');
        this.emitFile({ type: 'asset', fileName: PAGES_FILE, source: JSON.stringify(pages, null, 2) });
        this.emitFile({
          type: 'asset',
          fileName: INLINE_STYLES_FILE,
          source: JSON.stringify(inlineStyles, null, 2),
        });
        // The worker's shell: the start's stages only (the light start's too, so that the worker
        // keeps it with the start), and the skeleton in both languages.
        const startFiles = [...new Set([...starts, ...lightStarts].flatMap((c) => [...closure(c)]))].filter(
          (file) => !loaded.has(file),
        );
        this.emitFile({
          type: 'asset',
          fileName: SHELL_FILE,
          source: html
            .replace(
              '</head>',
              `  ${startFiles.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ')}\n  </head>`,
            )
            .replace(SCREEN_START, '')
            .replace(SCREEN_END, ''),
        });
      },
    },
  };
}
