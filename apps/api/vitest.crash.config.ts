import { defineConfig } from 'vitest/config';

/**
 * The whole server as processes: crash tests (SIGKILLed and started again many times on one DATA_DIR)
 * and *.process.test.ts (SIGTERM, backup and restore through the real commands). After every other
 * project (groupOrder), so that they do not slow the rest of the suite; two files at a time, since each waits much of its time on servers
 * starting and stopping (257 s one at a time, 148 s two at a time). They start their own servers (with
 * their own embedded PostgreSQL, data folder and ports) from one production bundle, built once for the
 * project by its global setup.
 */
export default defineConfig({
  test: {
    name: 'api-crash',
    include: ['src/**/*crash.test.ts', 'src/**/*.process.test.ts'],
    environment: 'node',
    globalSetup: ['./src/test/server-bundle-setup.ts'],
    maxWorkers: 2,
    sequence: { groupOrder: 3 },
    testTimeout: 420_000,
    hookTimeout: 60_000,
  },
});
