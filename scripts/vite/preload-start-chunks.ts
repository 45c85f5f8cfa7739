import type { Plugin, Rollup } from 'vite';

/**
 * The entry imports its later stages (main.tsx) and the router imports each screen only once
 * the entry has run: round trips in a row before anything renders. index.html names those
 * chunks and their styles up front, so that they download beside the entry: the start's stages,
 * and the home screen's, since most visits start at / (the installed app's start_url too).
 * Other screens pay for about 15 KB (5 KB gzip) of the home screen they may not use; the service
 * worker caches it for later anyway. (Preloading the first hero picture too was measured: it
 * did not bring the home page's LCP forward and cost /blog about 150 ms of it.)
 */
export function preloadStartChunks({ modules }: { modules: string[] }): Plugin {
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
