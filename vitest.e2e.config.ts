import { defineConfig } from 'vitest/config';

// End-to-end journeys in a real Chromium against the built app and a real server
// (see tests/e2e/global-setup.ts). Run through `npm test` or `npm run test:e2e`.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser at a time: this machine has two cores, and the server shares them.
    fileParallelism: false,
  },
});
