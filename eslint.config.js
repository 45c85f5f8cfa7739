// Lint rules, including the import boundaries of ARCHITECTURE.md: shared/ runs anywhere, the
// client and the server never import each other, the service worker never imports React, only
// server/db/ knows which database driver is in use, and client features never import each other.
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [
  'node:*',
  'fs',
  'path',
  'os',
  'crypto',
  'child_process',
  'http',
  'https',
  'net',
  'stream',
  'url',
  'zlib',
  'worker_threads',
];
const serverOnly = ['fastify', '@fastify/*', 'fastify-*', 'kysely', 'better-sqlite3', 'pg', 'sharp'];
// SWR is the api/ floor's tool; app/ only configures it (ARCHITECTURE.md).
const swrPackages = ['swr', 'swr/*'];
const swrOutsideApi = [
  swrPackages,
  'Reads and the cache go through api/<noun>.ts: SWR is not used outside api/ and app/.',
];
const reactPackages = [
  'react',
  'react-dom',
  'react-dom/*',
  '@tanstack/react-router',
  'swr',
  'radix-ui',
  '@radix-ui/*',
];

/**
 * Floors, top first: a folder imports its own floor and the floors below it, never one above.
 * Each entry is a list of paths (folders or files, from the repository's root) on that floor.
 */
const clientFloors = [
  ['src/client/main.tsx', 'src/client/app'],
  ['src/client/routes'],
  ['src/client/features'],
  ['src/client/components'],
  ['src/client/device'],
  ['src/client/api'],
  ['src/client/lib'],
  ['src/client/i18n'],
];
const serverFloors = [
  ['src/server/main.ts', 'src/server/app.ts', 'src/server/migrate-main.ts', 'src/server/ops'],
  ['src/server/modules'],
  ['src/server/plugins'],
  ['src/server/jobs'],
  ['src/server/db', 'src/server/storage', 'src/server/tls'],
  [
    'src/server/config.ts',
    'src/server/clock.ts',
    'src/server/errors.ts',
    'src/server/envelope.ts',
    'src/server/redis.ts',
    'src/server/principal.ts',
    'src/server/multipart-form.ts',
  ],
];
const why = {
  client:
    'Client floors, top first: app, routes, features, components, device, api, lib, i18n; a file never imports a floor above its own (ARCHITECTURE.md).',
  server:
    'Server floors, top first: main/app/ops, modules, plugins, jobs, db/storage, base files; a file never imports a floor above its own (ARCHITECTURE.md).',
};
/** One zone per floor: its paths may not import any path of the floors above it. */
const floorZones = (floors, message) =>
  floors.slice(1).flatMap((floor, i) =>
    floor.map((target) => ({
      target: `./${target}`,
      from: floors
        .slice(0, i + 1)
        .flat()
        .map((p) => `./${p}`),
      message,
    })),
  );

/** The API's first path segments: a string or template starting with one is an API path. */
const apiNouns =
  'users|videos|likes|comments|tweets|subscriptions|dashboard|uploads|healthcheck|limits|contact|courses|progress';
const apiPathLiterals = [
  `Literal[value=/^\\/(${apiNouns})(\\/|\\?|$)/]`,
  `TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/(${apiNouns})(\\/|\\?|$)/]`,
];

/** A no-restricted-imports rule from groups of banned import patterns, each with its reason. */
const ban = (...groups) => ['error', { patterns: groups.map(([group, message]) => ({ group, message })) }];

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'coverage/', '.tmp/', 'node_modules/', 'dev-dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // One-way floors and no import cycles, for the app's own code.
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      // Without these the cycle check cannot read the TypeScript files it follows, and finds none.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...floorZones(clientFloors, why.client),
            ...floorZones(serverFloors, why.server),
            {
              target: './src/server/modules/**/*.{service,repository}.ts',
              from: './src/server/plugins',
              message:
                "Only a module's routes know HTTP: services and repositories take plain values (a MultipartForm, a Principal).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ban(
        [['**/client/**', '**/server/**', '**/sw/**'], 'shared/ imports nothing outside shared/.'],
        [nodeBuiltins, 'shared/ runs in the browser and the service worker: no Node APIs.'],
        [
          [...reactPackages, ...serverOnly, 'dexie', 'workbox-*'],
          'shared/ has no framework or driver: keep it portable.',
        ],
      ),
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ban(
        [['**/server/**', '**/sw/**'], 'The client imports shared/ only, never server/ or sw/.'],
        [[...nodeBuiltins, ...serverOnly], 'Browser code cannot use Node APIs or server packages.'],
        swrOutsideApi,
      ),
    },
  },
  {
    files: ['src/client/api/**/*.{ts,tsx}', 'src/client/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ban(
        [['**/server/**', '**/sw/**'], 'The client imports shared/ only, never server/ or sw/.'],
        [[...nodeBuiltins, ...serverOnly], 'Browser code cannot use Node APIs or server packages.'],
      ),
    },
  },
  {
    files: ['src/client/features/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ban(
        [['**/server/**', '**/sw/**'], 'The client imports shared/ only, never server/ or sw/.'],
        [[...nodeBuiltins, ...serverOnly], 'Browser code cannot use Node APIs or server packages.'],
        swrOutsideApi,
        [
          ['../*/*', '!../../*', '**/features/**'],
          'Features never import other features: compose them in routes/, or move the shared part to components/, lib/ or shared/.',
        ],
      ),
    },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
    rules: {
      'no-restricted-imports': ban(
        [['**/client/**', '**/server/**'], 'The service worker imports shared/ only.'],
        [[...reactPackages, 'dexie'], 'The service worker must stay small: no React, no UI packages.'],
        [[...nodeBuiltins, ...serverOnly], 'The service worker cannot use Node APIs or server packages.'],
      ),
    },
  },
  {
    files: ['src/server/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-console': 'error',
      'no-restricted-imports': ban(
        [['**/client/**', '**/sw/**'], 'The server imports shared/ only, never client/ or sw/.'],
        [reactPackages, 'The server has no React.'],
        [['better-sqlite3', 'pg'], 'Only src/server/db/ knows which database driver runs.'],
      ),
    },
  },
  {
    files: ['src/server/db/**/*.ts'],
    rules: {
      'no-restricted-imports': ban(
        [['**/client/**', '**/sw/**'], 'The server imports shared/ only, never client/ or sw/.'],
        [reactPackages, 'The server has no React.'],
      ),
    },
  },
  {
    // An endpoint's path is written once, in src/shared/endpoints/: everyone else calls its builder
    // or its matcher, and the server registers its pattern.
    files: [
      'src/client/api/**/*.ts',
      'src/client/lib/**/*.{ts,tsx}',
      'src/client/device/**/*.{ts,tsx}',
      'src/shared/outbox/**/*.ts',
      'src/shared/contracts/**/*.ts',
      'src/server/modules/**/*.routes.ts',
      'sw/**/*.ts',
    ],
    // The files served outside /api/v1 have their own address.
    ignores: ['src/server/modules/media/media.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...apiPathLiterals.map((selector) => ({
          selector,
          message: 'Write an API path in src/shared/endpoints/ and call its path() or matches().',
        })),
        {
          selector:
            "CallExpression[callee.object.name='app'][callee.property.name=/^(get|post|put|patch|delete|options|head|route)$/][arguments.0.type=/Literal$/]",
          message: "Register the declared endpoint's pattern (src/shared/endpoints/), not a written path.",
        },
      ],
    },
  },
  {
    // Screens write page routes ('/videos/$videoId'), so there only a path given to the API client
    // is caught.
    files: ['src/client/features/**/*.{ts,tsx}', 'src/client/routes/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='api'][arguments.0.type=/Literal$/]",
          message: 'Write an API path in src/shared/endpoints/ and call it through an api/ function.',
        },
      ],
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}', 'scripts/**/*.{mjs,ts}', '*.config.{js,ts}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: { 'no-console': 'off' },
  },
);
