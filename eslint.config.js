// Lint rules, including the import boundaries of ARCHITECTURE.md: shared/ runs anywhere, the
// client and the server never import each other, the service worker never imports React, only
// server/db/ knows which database driver is in use, and client features never import each other.
import js from '@eslint/js';
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
const reactPackages = [
  'react',
  'react-dom',
  'react-dom/*',
  '@tanstack/react-router',
  'swr',
  'radix-ui',
  '@radix-ui/*',
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
      ),
    },
  },
  {
    files: ['src/client/features/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ban(
        [['**/server/**', '**/sw/**'], 'The client imports shared/ only, never server/ or sw/.'],
        [[...nodeBuiltins, ...serverOnly], 'Browser code cannot use Node APIs or server packages.'],
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
    files: ['tests/**/*.{ts,tsx}', 'scripts/**/*.{mjs,ts}', '*.config.{js,ts}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: { 'no-console': 'off' },
  },
);
