// The news sanitiser's time against input size: Quill-like HTML of 1, 2, 4 and 8 MB (flat, moderately
// nested, with pasted data-URL images), and how soon nesting no editor makes is refused.
// Run: npx tsx bench/sanitize.ts        (each figure is the best of 3 runs; linear means ~2x per row)
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { HtmlBoundsError, sanitizeNewsHtml } from '../apps/api/src/lib/html-sanitizer.js';

const MB = 1024 * 1024;
const fill = (unit: string, bytes: number) => unit.repeat(Math.ceil(bytes / unit.length));
const photo = randomBytes(600 * 1024).toString('base64');

const shapes: Record<string, (bytes: number) => string> = {
  flat: (bytes) => fill('<p>Texto de la <strong>noticia</strong> con <span style="color: rgb(230, 0, 0);">color</span>.</p>', bytes),
  nested: (bytes) =>
    fill('<ol><li class="ql-indent-1"><span style="color: #ff0000;"><strong><em><u>uno <a href="https://a.example">x</a></u></em></strong></span></li></ol><blockquote>cita</blockquote>', bytes),
  images: (bytes) => fill(`<p>Foto</p><p><img src="data:image/png;base64,${photo}"></p>`, bytes),
};

function best(run: () => void): number {
  let fastest = Infinity;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const started = performance.now();
    run();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}

sanitizeNewsHtml(shapes.flat!(MB)); // warm up
for (const [name, make] of Object.entries(shapes)) {
  for (const size of [1, 2, 4, 8]) {
    const html = make(size * MB);
    console.log(`${name.padEnd(7)} ${size} MB: ${best(() => sanitizeNewsHtml(html)).toFixed(0).padStart(5)} ms`);
  }
}

const deep = `<p>${'<span>'.repeat(2 * MB)}x</p>`;
const refusedIn = best(() => {
  try {
    sanitizeNewsHtml(deep);
  } catch (error) {
    if (!(error instanceof HtmlBoundsError)) throw error;
  }
});
console.log(`12 MB of nested <span>: refused in ${refusedIn.toFixed(1)} ms`);
