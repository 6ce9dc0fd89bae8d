// Bundles the server into dist/: our own workspace packages (TypeScript sources) are compiled in,
// every other dependency stays in node_modules. Migrations are copied beside the bundle.
// `node build.mjs <folder>` builds into another folder inside this package (the tests' server process).
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const outdir = process.argv[2] ?? 'dist';
await rm(outdir, { recursive: true, force: true });
await build({
  // The document worker runs in its own process (untrusted PDFs), beside the server's bundle.
  entryPoints: [
    { in: 'src/server.ts', out: 'server' },
    { in: 'src/lib/documents/worker-process.ts', out: 'document-worker' },
  ],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-dependencies',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@concejo/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
await cp('src/db/migrations', `${outdir}/migrations`, { recursive: true });
console.log(`api: built ${outdir}/server.js and ${outdir}/document-worker.js`);
