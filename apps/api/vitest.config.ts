import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    // Latency tests, then the tests of the whole server as processes (crash, shutdown, backup), run
    // alone after everything else (vitest.latency.config.ts, vitest.crash.config.ts): they would
    // squeeze the timing budgets of the tests beside them.
    // The storage tests on a real S3 server have a project of their own (vitest.s3.config.ts), the only
    // one that starts Swift.
    exclude: ['**/node_modules/**', 'src/**/*.latency.test.ts', 'src/**/*crash.test.ts', 'src/**/*.process.test.ts', 'src/**/*.s3.test.ts'],
    environment: 'node',
    sequence: { groupOrder: 2 },
    // The group's workers (vitest.config.ts at the root): every project of a group must name the same number.
    maxWorkers: 3,
    // Each file builds its own app on its own database and nothing here mocks a module, so the files of
    // a worker share its loaded modules instead of importing the whole server again for each file
    // (import time 164 s -> 13 s).
    isolate: false,
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
