import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    // Latency tests and then crash tests run alone, after everything else (vitest.latency.config.ts,
    // vitest.crash.config.ts).
    exclude: ['**/node_modules/**', 'src/**/*.latency.test.ts', 'src/**/*crash.test.ts'],
    environment: 'node',
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
