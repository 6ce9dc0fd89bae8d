import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores here, but an API test file waits on PostgreSQL, its workers and its timers for about a
    // fifth of its time: a third worker keeps both cores busy (api: 337 s with two, 202 s with three).
    maxWorkers: 3,
    projects: [
      // The root's own scripts (the build's stamp) and the Node the tests run on.
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
      'packages/contracts',
      'apps/api',
      'apps/api/vitest.s3.config.ts',
      'apps/api/vitest.latency.config.ts',
      'apps/api/vitest.crash.config.ts',
      'apps/web',
    ],
  },
});
