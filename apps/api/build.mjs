// Bundles the server into dist/: our own workspace packages (TypeScript sources) are compiled in,
// every other dependency stays in node_modules. Migrations are copied beside the bundle.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

await rm('dist', { recursive: true, force: true });
await build({
  // The document worker runs in its own process (untrusted PDFs), beside the server's bundle.
  entryPoints: [
    { in: 'src/server.ts', out: 'server' },
    { in: 'src/lib/documents/worker-process.ts', out: 'document-worker' },
  ],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
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
await cp('src/db/migrations', 'dist/migrations', { recursive: true });
console.log('api: built dist/server.js and dist/document-worker.js');
