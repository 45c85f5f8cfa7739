import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: the checks of docs/deploy.md on a real local cluster (PostgreSQL with
// PgBouncer, Redis, radosgw, two app instances, nginx), started once by the global setup. Never
// part of `npm test`: it needs the Debian packages that .ci/run installs.
export default defineConfig({
  test: {
    name: 'cluster',
    environment: 'node',
    include: ['tests/cluster/**/*.test.ts', 'tests/client/outbox-model.node.test.ts'],
    globalSetup: ['tests/cluster/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // One file at a time: they share the cluster, and one kills an instance.
    fileParallelism: false,
  },
});
