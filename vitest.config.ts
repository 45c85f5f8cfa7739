import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Unit and integration tests. The end-to-end tests have their own config (vitest.e2e.config.ts)
// because they need a built app, a running server and Chromium.
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'tests/shared/**/*.test.ts', 'tests/tooling/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          exclude: ['tests/client/**/*.node.test.ts'],
          setupFiles: ['tests/client/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Client code that needs no DOM but real Node networking (the outbox against a server).
          name: 'client-node',
          environment: 'node',
          include: ['tests/client/**/*.node.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
