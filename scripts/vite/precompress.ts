import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.webmanifest', '.json']);

/**
 * Brotli and gzip copies of the text files, made once at build time and served by the server
 * (`preCompressed`), so a slow link carries about a third of the bytes at no CPU cost per
 * request. sw.js is left out: it must always be the file itself (the browser compares its bytes
 * to find a new version, and nothing may serve a stale compressed copy of it).
 */
export function precompress(): Plugin {
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
