import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkBuild, hashBuildInputs, writeStamp } from './build-stamp.mjs';

const inputs = ['apps/web', 'apps/api', 'package-lock.json'];
const outputs = ['apps/api/dist/server.js', 'apps/web/dist/index.html'];

let root;

async function put(relative, content) {
  await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
  await writeFile(path.join(root, relative), content);
}

/** A tree built from its present sources: every output there and a stamp of the inputs. */
async function built() {
  await put('apps/api/dist/server.js', 'bundle');
  await put('apps/web/dist/index.html', '<html></html>');
  await writeStamp(root, await hashBuildInputs(root, inputs));
}

const check = () => checkBuild(root, { inputs, outputs });

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'concejo-build-stamp-'));
  await put('apps/web/src/main.tsx', 'export const page = 1;');
  await put('apps/api/src/server.ts', 'export const server = 1;');
  await put('apps/api/src/server.test.ts', 'test');
  await put('package-lock.json', '{}');
  await built();
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('checkBuild', () => {
  it('skips the build when no input changed', async () => {
    expect(await check()).toMatchObject({ current: true });
  });

  it('skips the build when a file was only touched (a fresh clone, a checkout back and forth)', async () => {
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(root, 'apps/web/src/main.tsx'), later, later);
    expect(await check()).toMatchObject({ current: true });
  });

  it('builds again when a source file is edited', async () => {
    await put('apps/web/src/main.tsx', 'export const page = 2;');
    expect(await check()).toMatchObject({ current: false, reason: 'el código cambió desde la última compilación' });
  });

  it('builds again when an edit keeps the file size and time', async () => {
    const before = new Date('2026-01-01T00:00:00Z');
    await utimes(path.join(root, 'apps/api/src/server.ts'), before, before);
    await writeStamp(root, await hashBuildInputs(root, inputs));
    await put('apps/api/src/server.ts', 'export const server = 2;');
    await utimes(path.join(root, 'apps/api/src/server.ts'), before, before);
    expect(await check()).toMatchObject({ current: false });
  });

  it('builds again when a source file is added, removed or renamed', async () => {
    await put('apps/api/src/routes.ts', 'export {};');
    expect(await check()).toMatchObject({ current: false });
    await rm(path.join(root, 'apps/api/src/routes.ts'));
    expect(await check()).toMatchObject({ current: true });
    await rm(path.join(root, 'apps/web/src/main.tsx'));
    await put('apps/web/src/app.tsx', 'export const page = 1;');
    expect(await check()).toMatchObject({ current: false });
  });

  it('builds again when the dependencies change (package-lock.json)', async () => {
    await put('package-lock.json', '{ "lockfileVersion": 3 }');
    expect(await check()).toMatchObject({ current: false });
  });

  it('skips the build when only tests, dependencies or the outputs changed', async () => {
    await put('apps/api/src/server.test.ts', 'another test');
    await put('apps/web/node_modules/some-package/index.js', 'installed');
    await put('apps/api/dist/extra.js', 'written by the build');
    await put('apps/api/.tmp/test-worker/worker.js', 'test leftovers');
    expect(await check()).toMatchObject({ current: true });
  });

  it('builds again when an output is missing (a dist folder deleted by hand)', async () => {
    await rm(path.join(root, 'apps/web/dist'), { recursive: true });
    expect(await check()).toMatchObject({ current: false, reason: 'falta apps/web/dist/index.html' });
  });

  it('builds when no build finished (no stamp)', async () => {
    await rm(path.join(root, 'apps/api/dist/build-stamp.json'));
    expect(await check()).toMatchObject({ current: false, reason: 'no hay una compilación completa' });
  });
});
