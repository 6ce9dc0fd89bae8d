import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { buildServerBundle, SERVER_BUNDLES } from './server-process.js';

/**
 * The production bundle (build.mjs) built once for the whole api-crash project, rather than once in
 * each of its files (each file runs in a process of its own). Named to the test processes in
 * TEST_SERVER_BUNDLE, as DOCUMENT_WORKER_SCRIPT is: server-process.ts is also imported outside Vitest
 * (e2e/support), where nothing is provided.
 */
export default async function setup() {
  const outdir = path.join(SERVER_BUNDLES, `${process.pid}-${randomBytes(4).toString('hex')}`);
  process.env.TEST_SERVER_BUNDLE = await buildServerBundle(outdir);
  return () => fs.rm(outdir, { recursive: true, force: true });
}
