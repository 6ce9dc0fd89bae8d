import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores here, but an API test file waits on PostgreSQL, its workers and its timers for about a
    // fifth of its time: a third worker keeps both cores busy (api: 337 s with two, 202 s with three).
    // Vitest 5 takes a group's workers from its projects, which must agree: each project of group 2
    // names 3 in its own config too.
    maxWorkers: 3,
    // Three groups, one after the other (each project's sequence.groupOrder): 1 the latency tests alone,
    // 2 everything else but 3, the server as processes (crash, SIGTERM, backup, balancer). A project
    // left at the default 0 with one worker would run after all of them.
    projects: [
      // The root's own scripts (the build's stamp) and the Node the tests run on.
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node', maxWorkers: 3, sequence: { groupOrder: 2 } } },
      'packages/contracts',
      'apps/api',
      'apps/api/vitest.s3.config.ts',
      'apps/api/vitest.latency.config.ts',
      'apps/api/vitest.crash.config.ts',
      'apps/web',
    ],
  },
});
