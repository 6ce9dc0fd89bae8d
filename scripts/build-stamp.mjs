// What a build was made from. `npm run build` writes a hash of every file that feeds it into the
// server's bundle folder (apps/api/dist/build-stamp.json); `npm start` compares it with the files as
// they are now and builds again only when they differ, so a second start skips the half minute of
// building. Contents are hashed, not modification times: a fresh clone or a checkout back and forth
// changes every time and no content, and an edit that keeps a file's time still counts.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { lstat, readFile, readdir, readlink, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Folders whose files feed the build, and single files (the lockfile: the versions of vite, esbuild...). */
export const BUILD_INPUTS = ['apps/web', 'apps/api', 'packages/contracts', 'package.json', 'package-lock.json', 'tsconfig.base.json', 'scripts/build.mjs', 'scripts/build-stamp.mjs'];

/** What the inputs' folders hold that is not an input: the build's own output, dependencies, test leftovers. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'dist-server', '.tmp', 'test-results']);
/** Tests feed no bundle: neither Vite's entries nor the server's import one. */
const TEST_FILE = /\.test\.(ts|tsx|mjs)$/;

/** The outputs a start needs; one missing (a folder deleted by hand) means building again. */
export const BUILD_OUTPUTS = ['apps/web/dist/index.html', 'apps/web/dist-server/entry-server.js', 'apps/api/dist/server.js', 'apps/api/dist/document-worker.js'];

export const STAMP_FILE = 'apps/api/dist/build-stamp.json';

/** A hash of the build's inputs under `root`: every file's path and content, in a fixed order. */
export async function hashBuildInputs(root, inputs = BUILD_INPUTS) {
  const hash = createHash('sha256');
  for (const input of [...inputs].sort()) await addToHash(hash, root, input);
  return hash.digest('hex');
}

async function addToHash(hash, root, relative) {
  const absolute = path.join(root, relative);
  const stats = await lstat(absolute).catch((error) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!stats) {
    // A missing input counts as such: creating it later changes the hash.
    hash.update(`missing\0${relative}\0`);
  } else if (stats.isSymbolicLink()) {
    hash.update(`link\0${relative}\0${await readlink(absolute)}\0`);
  } else if (stats.isDirectory()) {
    const entries = (await readdir(absolute)).sort();
    for (const entry of entries) {
      if (SKIPPED_FOLDERS.has(entry) || TEST_FILE.test(entry)) continue;
      await addToHash(hash, root, path.posix.join(relative, entry));
    }
  } else if (stats.isFile()) {
    const content = await readFile(absolute);
    hash.update(`file\0${relative}\0${content.length}\0`);
    hash.update(content);
  }
}

/** The stamp the last complete build left, or undefined. */
export async function readStamp(root) {
  try {
    return JSON.parse(await readFile(path.join(root, STAMP_FILE), 'utf8'));
  } catch {
    return undefined;
  }
}

/** Written once a whole build has succeeded, never before: a build cut short leaves no stamp. */
export async function writeStamp(root, inputs) {
  await writeFile(path.join(root, STAMP_FILE), `${JSON.stringify({ inputs, builtAt: new Date().toISOString() }, null, 2)}\n`);
}

export async function removeStamp(root) {
  await rm(path.join(root, STAMP_FILE), { force: true });
}

/**
 * Whether the build under `root` is current: its stamp names the inputs' present hash and every
 * output is there. Answers the reason when it is not, for the start's one line.
 */
export async function checkBuild(root, { inputs = BUILD_INPUTS, outputs = BUILD_OUTPUTS } = {}) {
  const stamp = await readStamp(root);
  if (!stamp) return { current: false, reason: 'no hay una compilación completa' };
  const missing = outputs.find((output) => !existsSync(path.join(root, output)));
  if (missing) return { current: false, reason: `falta ${missing}` };
  const hash = await hashBuildInputs(root, inputs);
  if (hash !== stamp.inputs) return { current: false, reason: 'el código cambió desde la última compilación', hash };
  return { current: true, hash };
}
