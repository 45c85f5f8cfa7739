import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { readRouteFiles } from '../../scripts/lib/route-files.mjs';
import { lightRoutes } from '../../src/client/app/light-routes.ts';

// A light route (src/client/app/light-routes.ts) opens without the router: the code its page
// runs before a link is followed must not reach the router or SWR. The build would bundle them
// silently, and only `npm run size` would notice, as bytes.
const root = path.resolve(import.meta.dirname, '../..');
const lightStart = 'src/client/app/light-start.tsx';
const forbidden = [/^@tanstack\//, /^swr(\/|$)/];

/** The modules a file imports for its values when it runs: not types, not `import()`. */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes =
        clause !== undefined &&
        clause.name === undefined &&
        named !== undefined &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((element) => element.isTypeOnly);
      if (!onlyTypes) specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers;
}

/** Every package a file reaches through the imports it runs, with the chain that reached it. */
function packagesReached(start: string): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of valueImports(file)) {
      if (!specifier.startsWith('.')) {
        if (!reached.has(specifier)) reached.set(specifier, [...chain, path.relative(root, file)]);
        continue;
      }
      // Styles, pictures and the like bring no code of their own.
      const target = path.resolve(path.dirname(file), specifier.replace(/\?.*$/, ''));
      if (/\.(tsx?|mts)$/.test(target)) walk(target, [...chain, path.relative(root, file)]);
    }
  };
  walk(path.join(root, start), []);
  return reached;
}

const forbiddenIn = (reached: Map<string, string[]>) =>
  [...reached]
    .filter(([specifier]) => forbidden.some((pattern) => pattern.test(specifier)))
    .map(([specifier, chain]) => `${chain.join(' > ')} > ${specifier}`);

describe('the light start', () => {
  const routes = readRouteFiles(root);

  it('every light route is a screen of the app, and the light start loads that screen', () => {
    const code = fs.readFileSync(path.join(root, lightStart), 'utf8');
    for (const route of lightRoutes) {
      const screen = routes.find((r) => r.route === route);
      expect(screen, route).toBeDefined();
      expect(code).toContain(`'${route}': () => import('../${screen?.source.replace('src/client/', '')}')`);
    }
  });

  it.each([lightStart, 'src/client/main.tsx'])('%s reaches neither the router nor SWR', (file) => {
    expect(forbiddenIn(packagesReached(file))).toEqual([]);
  });

  it.each(lightRoutes)('the screen of %s reaches neither the router nor SWR', (route) => {
    const screen = routes.find((r) => r.route === route);
    expect(forbiddenIn(packagesReached(screen?.source ?? ''))).toEqual([]);
  });

  it('the walk finds them where they are: the app’s boot and a signed-in screen', () => {
    expect(forbiddenIn(packagesReached('src/client/app/boot.tsx'))).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/> @tanstack\/react-router$/),
        expect.stringMatching(/> swr$/),
      ]),
    );
    const dashbord = routes.find((r) => r.route === '/dashbord')?.source ?? '';
    expect(forbiddenIn(packagesReached(dashbord)).length).toBeGreaterThan(0);
  });
});
