import { defineConfig } from 'vitest/config';

/**
 * Tests that measure latency (/healthz while the worst documents are read): one file at a time, before
 * every other project starts (groupOrder), so that they measure the API and its document workers
 * rather than the rest of the suite running beside them or anything an earlier project left behind.
 */
export default defineConfig({
  test: {
    name: 'api-latency',
    include: ['src/**/*.latency.test.ts'],
    environment: 'node',
    globalSetup: ['./src/test/global-setup.ts'],
    fileParallelism: false,
    sequence: { groupOrder: 1 },
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
