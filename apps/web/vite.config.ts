import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import purgeCSSPlugin from '@fullhuman/postcss-purgecss';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes a brotli and a gzip copy beside every text file of the build, once, at the highest levels;
 * the server sends the one the browser accepts (DESIGN.md section 8: a small home page on phones).
 * Small chunks are compressed too: a 600-byte module still shrinks by a third, and the home page loads
 * a dozen of them. A copy that would not be smaller is not written.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  let skip = false;
  return {
    name: 'concejo-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      skip = Boolean(config.build.ssr);
    },
    async writeBundle(_options, bundle) {
      // The server's own bundle is read from disk by Node, never sent.
      if (skip) return;
      const texts = Object.keys(bundle).filter((file) => /\.(js|css|html|svg|json|txt)$/.test(file));
      await Promise.all(
        texts.map(async (file) => {
          const source = await fs.readFile(path.join(outDir, file));
          const copies = {
            br: brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gz: gzipSync(source, { level: 9 }),
          };
          for (const [extension, copy] of Object.entries(copies)) {
            if (copy.length < source.length) await fs.writeFile(path.join(outDir, `${file}.${extension}`), copy);
          }
        }),
      );
    },
  };
}

/**
 * The pages' script at the end of the body, where page.html puts it (Vite moves an entry's script to
 * the head): the page is whole without it, and the browser paints before running it. Measured with
 * Lighthouse on /normativas?search=tránsito: performance 89-97 with it in the head, 100 at the end.
 */
function scriptAtTheEnd(): Plugin {
  return {
    name: 'concejo-script-at-the-end',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const scripts = html.match(/\s*<script type="module"[^>]*><\/script>/g) ?? [];
        const without = scripts.reduce((page, script) => page.replace(script, ''), html);
        return without.replace('</body>', `${scripts.map((script) => script.trim()).join('\n')}\n  </body>`);
      },
    },
  };
}

/** `vite build --mode page`: the server-rendered pages' own script (page.html, src/page/main.ts). */
const PAGE_MODE = 'page';

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [react(), ...(mode === PAGE_MODE ? [scriptAtTheEnd()] : []), precompress()],
  server: {
    // The API runs apart in development; the browser only ever talks to one origin, as in production.
    proxy: { '/api': { target: process.env.API_PROXY_TARGET ?? 'http://localhost:3000' } },
  },
  // The server-rendering bundle (`vite build --ssr`, see package.json) carries its dependencies inside,
  // so that the API imports one file and Node never resolves a browser package's CommonJS build.
  ssr: { noExternal: true },
  // React's production build on the server too, whatever NODE_ENV the process was started with.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: {
    outDir: 'dist',
    // The pages' script is built apart, after the app, into the same folder (see `input`).
    emptyOutDir: mode !== PAGE_MODE,
    // The production CSP allows no inline script, and the polyfill is an inline one.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The script of the pages rendered on the server (page.html, `vite build --mode page`) is a build
      // of its own: in one build with the app it would share the app's chunks, React's among them.
      input: mode === PAGE_MODE ? { page: 'page.html' } : undefined,
      output: {
        codeSplitting: mode === PAGE_MODE ? undefined : {
          groups: [
            {
              // The home page with everything it shares with the entry, in one file instead of a
              // score of small ones, each of which costs a request and half a kilobyte of headers.
              name: 'public',
              test: /[\\/]src[\\/]features[\\/]home[\\/]pages[\\/]home-page\.tsx$/,
            },
          ],
        },
      },
    },
  },
  css: {
    // The server-rendered pages' stylesheet keeps only the rules whose classes the source names
    // (Bootstrap's whole build is 217 KB, which a phone parses and matches before its first paint),
    // before its name is hashed. Classes made at run time are kept by pattern: the enhancers' states
    // and react-bootstrap's `${prefix}-${variant}` names.
    postcss: {
      plugins:
        mode === PAGE_MODE
          ? [
              purgeCSSPlugin({
                content: ['src/**/*.{ts,tsx}', '../../node_modules/react-bootstrap/esm/*.js'],
                safelist: {
                  standard: ['show', 'active', 'collapsed', 'collapsing', 'is-invalid', 'fade', 'disabled'],
                  greedy: [/^carousel-item-/, /^alert-/, /^btn-/, /^text-bg-/, /^spinner-/, /^toast/, /^dropdown-/],
                },
                keyframes: true,
              }),
            ]
          : [],
    },
    preprocessorOptions: {
      scss: {
        // Bootstrap 5.3 still uses @import and global Sass functions; its warnings are not ours to fix.
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
}));
