import { defineConfig } from 'vitest/config';

/**
 * The storage tests on a real S3 server (*.s3.test.ts): Swift with s3api (scripts/s3-server.sh),
 * started once for these files only, beside the api project, rather than for every API run.
 */
export default defineConfig({
  test: {
    name: 'api-s3',
    include: ['src/**/*.s3.test.ts'],
    environment: 'node',
    sequence: { groupOrder: 2 },
    maxWorkers: 3,
    globalSetup: ['./src/test/global-setup.ts', './src/test/s3-global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
