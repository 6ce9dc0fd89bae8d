#!/usr/bin/env node
// `npm run build`: the web app (apps/web/dist, dist-server), then the server's bundle (apps/api/dist),
// then the stamp of what they were made from (build-stamp.mjs).
// `node scripts/build.mjs --if-changed` (what `npm start` runs first): the same, only when the
// sources differ from the last complete build's; otherwise one line and nothing else.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBuild, hashBuildInputs, removeStamp, writeStamp } from './build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const onlyIfChanged = process.argv.includes('--if-changed');

if (onlyIfChanged) {
  const started = performance.now();
  const build = await checkBuild(root);
  if (build.current) {
    console.log(`La compilación está al día (comprobado en ${Math.round(performance.now() - started)} ms): se inicia sin compilar.`);
    process.exit(0);
  }
  console.log(`Compilando el sitio: ${build.reason}.`);
}

// The hash of the sources as the build reads them: a file saved during the build makes the next start build again.
const inputs = await hashBuildInputs(root);
await removeStamp(root);
for (const workspace of ['@concejo/web', '@concejo/api']) {
  const result = spawnSync('npm', ['run', 'build', '--workspace', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await writeStamp(root, inputs);
