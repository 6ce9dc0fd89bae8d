import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Run from the repository root (`--config apps/web/vitest.config.ts`) or as the root runner's project alike.
  root: import.meta.dirname,
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    // A worker's files share one document and its loaded modules (as the API's do): a file's jsdom and
    // imports cost more than most files' tests (the project took 132 s isolated, 42-60 s shared, alone
    // with two workers). So nothing here replaces a module (lint refuses vi.mock), and test/setup.ts
    // leaves the document, the session and the API transport as each test found them.
    isolate: false,
    sequence: { groupOrder: 2 },
    maxWorkers: 3,
    // A page's first render in jsdom (its lazy modules, Quill) takes seconds when the machine is busy.
    testTimeout: 15_000,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    server: { deps: { inline: [/react-router/] } },
  },
});
