import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of a maintenance database on the test server; each test file creates its own database. */
    postgresUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole API test run: TEST_DATABASE_URL when given (any server where the
 * user may create databases), otherwise the embedded one in a temporary folder, removed afterwards.
 */
export default async function setup(project: TestProject) {
  await buildDocumentWorker();
  if (process.env.TEST_DATABASE_URL) {
    project.provide('postgresUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-test-pg-'));
  await fs.chmod(directory, 0o755);
  const server = await startEmbeddedPostgres(path.join(directory, 'postgres'));
  project.provide('postgresUrl', server.url());
  return async () => {
    await server.stop();
    await fs.rm(directory, { recursive: true, force: true });
  };
}

/**
 * The document worker as it runs in production: one bundled script, started in about 0.3 s with
 * about 80 MB of memory (through tsx it takes a second and 300 MB). Inside the package, so that its
 * dependencies (pdf.js) resolve; test processes find it through DOCUMENT_WORKER_SCRIPT.
 */
async function buildDocumentWorker() {
  const outfile = fileURLToPath(new URL('../../.tmp/test-worker/document-worker.js', import.meta.url));
  await build({
    entryPoints: [fileURLToPath(new URL('../lib/documents/worker-process.ts', import.meta.url))],
    outfile,
    bundle: true,
    // As build.mjs: our workspace packages compiled in, every other dependency from node_modules.
    plugins: [
      {
        name: 'external-dependencies',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@concejo/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
    platform: 'node',
    format: 'esm',
    target: 'node24',
    logLevel: 'warning',
  });
  process.env.DOCUMENT_WORKER_SCRIPT = outfile;
}
