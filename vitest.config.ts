import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores here; PostgreSQL and argon2 need their share.
    maxWorkers: 2,
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
