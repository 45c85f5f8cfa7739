import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A production install is `npm ci --omit=dev` after `npm run build` (docs/deploy.md): the server
// then runs from dist/ with `dependencies` only. So every package the server, the shared code and
// the production scripts import at run time must be a dependency, and nothing else need be (the
// app's own packages are bundled by the build and are dev dependencies).
const root = path.resolve(import.meta.dirname, '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const RUNTIME = [
  'src/server',
  'src/shared',
  'scripts/start.mjs',
  'scripts/ops.mjs',
  'scripts/migrate.mjs',
  'scripts/lib/build.mjs',
];

function files(entry: string): string[] {
  const full = path.join(root, entry);
  if (!fs.statSync(full).isDirectory()) return [full];
  return fs.readdirSync(full).flatMap((child) => files(path.join(entry, child)));
}

/** The packages a file imports when it runs: `import type` and `export type` left out. */
function runtimePackages(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  const pattern =
    /^\s*(import|export)\s+(?!type\s)[^'";]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)|^\s*import\s+'([^']+)'/gm;
  for (const match of text.matchAll(pattern)) {
    const specifier = match[2] ?? match[3] ?? match[4]!;
    if (specifier.startsWith('.') || specifier.startsWith('node:') || builtinModules.includes(specifier))
      continue;
    const parts = specifier.split('/');
    found.push(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
  }
  return found;
}

describe('a production install', () => {
  const used = new Map<string, string>();
  for (const file of RUNTIME.flatMap(files).filter((f) => /\.(ts|mjs)$/.test(f))) {
    for (const name of runtimePackages(file)) if (!used.has(name)) used.set(name, path.relative(root, file));
  }

  it('has every package the server imports at run time among the dependencies', () => {
    const missing = [...used].filter(([name]) => !(name in pkg.dependencies)).map(([n, f]) => `${n} (${f})`);
    expect(missing).toEqual([]);
    // The walk found the server's imports at all.
    expect(used.has('fastify')).toBe(true);
  });

  it('installs nothing the server does not import: the app and the build tools are dev dependencies', () => {
    expect(Object.keys(pkg.dependencies).filter((name) => !used.has(name))).toEqual([]);
  });

  it('does not install the 2018 ffmpeg packages unless an operator opts in', () => {
    const all = JSON.stringify(pkg);
    expect(all).not.toContain('"@ffmpeg-installer/ffmpeg"');
    expect(all).not.toContain('"@ffprobe-installer/ffprobe"');
  });
});
