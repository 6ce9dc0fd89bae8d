import { defineConfig } from 'vitest/config';

/**
 * The whole server as processes: crash tests (SIGKILLed and started again many times on one DATA_DIR)
 * and *.process.test.ts (SIGTERM, backup and restore through the real commands). One file at a
 * time, after every other project, the latency tests included (groupOrder), so that neither slows the
 * rest of the suite nor runs beside the latency measures. They start their own servers (with their own
 * embedded PostgreSQL) from one production bundle, built once for the project by its global setup.
 */
export default defineConfig({
  test: {
    name: 'api-crash',
    include: ['src/**/*crash.test.ts', 'src/**/*.process.test.ts'],
    environment: 'node',
    globalSetup: ['./src/test/server-bundle-setup.ts'],
    fileParallelism: false,
    sequence: { groupOrder: 2 },
    testTimeout: 420_000,
    hookTimeout: 60_000,
  },
});
