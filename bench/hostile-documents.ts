// /healthz latency while the server handles the worst uploads: deflate-bomb PDFs (1 MB -> 1 GB and
// 20 MB -> 20 GB), a 19.7 MB PDF of 400 pages of text, a 10-page scan (A4 at 300 dpi, 12-point type,
// recognised by OCR: its seconds per page are printed), and 12 MB news descriptions (nested spans,
// plain markup, pasted photos). BENCH_ONLY=descriptions or BENCH_ONLY=scans runs only those.
// The built server runs in its own process (as in production); this process uploads and probes
// /healthz every 10 ms over HTTP, and reports the latencies during each scenario.
// Run: npm run build && npx tsx bench/hostile-documents.ts       (budget: every probe under 100 ms)
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { regulations } from '../apps/api/src/db/schema/index.js';
import { scannedPdf } from '../apps/api/src/lib/scanned-pdf.js';
import { deflateBombPdf, slowPdf } from '../apps/api/src/test/hostile-documents.js';
import { serverCommand, waitForServer, withBenchDatabase } from './support.js';

const GB = 1024 ** 3;
const SCAN_PAGES = 10;
const BUDGET_MS = 100;
const ADMIN = { email: 'bench@concejo.test', password: 'Bench-clave-larga-2026' };
let failed = false;


/**
 * Probes /healthz every 10 ms while `work` runs; answers the latencies. The probe has a thread of its
 * own, so that this process's own work (building a 20 MB upload) does not delay it and count as the
 * server's.
 */
async function probeDuring(base: string, work: () => Promise<void>): Promise<number[]> {
  const probe = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    let running = true;
    const latencies = [];
    parentPort.on('message', () => { running = false; });
    (async () => {
      while (running) {
        const started = performance.now();
        const response = await fetch(workerData + '/healthz');
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error('/healthz answered ' + response.status);
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      parentPort.postMessage(latencies);
    })();`,
    { eval: true, workerData: base },
  );
  const result = new Promise<number[]>((resolve, reject) => {
    probe.once('message', resolve);
    probe.once('error', reject);
  });
  try {
    await work();
  } finally {
    probe.postMessage('stop');
  }
  const latencies = await result;
  await probe.terminate();
  return latencies;
}

function report(name: string, latencies: number[], extra: string) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
  const max = sorted[sorted.length - 1]!;
  const verdict = max < BUDGET_MS ? 'ok' : `OVER ${BUDGET_MS} ms`;
  failed ||= max >= BUDGET_MS;
  console.log(`${name.padEnd(44)} probes ${String(sorted.length).padStart(5)}  median ${at(0.5).toFixed(1)} ms  p99 ${at(0.99).toFixed(1)} ms  max ${max.toFixed(1)} ms ${verdict}  ${extra}`);
}

function multipart(fields: Record<string, string>, files: Record<string, Buffer> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, content] of Object.entries(files)) form.append(name, new Blob([new Uint8Array(content)], { type: 'application/pdf' }), `${name}.pdf`);
  return form;
}

await withBenchDatabase(async (db, folder, databaseUrl) => {
  const port = 3900 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, serverCommand(), {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: folder, DEMO_DATA: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForServer(`${base}/readyz`);
    const login = async (credentials: { email: string; password: string }) => {
      const response = await fetch(`${base}/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'device-id': `bench-${credentials.email.split('@')[0]}` },
        body: JSON.stringify(credentials),
      });
      if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`);
      return { authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
    };
    const admin = await login(ADMIN);
    const cmAccount = { email: 'cm-bench@concejo.test', password: 'Bench-cm-clave-2026' };
    const created = await fetch(`${base}/api/v1/users`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Cm', last_name: 'Bench', email: cmAccount.email, email_confirmation: cmAccount.email, password: cmAccount.password, password_confirmation: cmAccount.password, role: 'cm' }),
    });
    if (created.status !== 201) throw new Error(`create cm: ${created.status} ${await created.text()}`);
    const cm = await login(cmAccount);

    report('idle', await probeDuring(base, () => new Promise((resolve) => setTimeout(resolve, 3000))), '');

    // BENCH_ONLY=descriptions skips the PDFs (about two minutes); BENCH_ONLY=scans runs only the scan.
    const only = process.env.BENCH_ONLY;
    const documents: [string, Buffer][] = [];
    if (!only) {
      documents.push(['deflate bomb, 1 MB -> 1 GB', deflateBombPdf(GB)], ['deflate bomb, 20 MB -> 20 GB', deflateBombPdf(20 * GB)], ['400 pages of text (19.7 MB)', slowPdf(400)]);
    }
    let number = 1;
    for (const [name, pdf] of documents) {
      let outcome = '';
      const latencies = await probeDuring(base, async () => {
        const started = performance.now();
        const response = await fetch(`${base}/api/v1/regulations`, {
          method: 'POST',
          headers: admin,
          body: multipart({ type: 'ordinance', state: 'approved', number: String(number++), subject: name, 'authors[]': 'Bench' }, { pdf_approved: pdf }),
        });
        const body = (await response.json()) as { id?: number; message?: string };
        const uploaded = performance.now() - started;
        if (response.status !== 201) {
          outcome = `upload ${response.status} (${body.message}) in ${uploaded.toFixed(0)} ms`;
          return;
        }
        // Then its text is read in the background, until the worker gives up or finishes.
        for (;;) {
          const [row] = await db
            .select({ status: regulations.textStatus, attempts: regulations.textAttempts, ocr: regulations.approvedTextOcr })
            .from(regulations)
            .where(eq(regulations.id, body.id!));
          if (row && row.status !== 'pending') {
            outcome = `upload 201 in ${uploaded.toFixed(0)} ms, text ${row.status} after ${row.attempts} attempt(s), ${((performance.now() - started) / 1000).toFixed(1)} s in all`;
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      });
      report(name, latencies, outcome);
    }

    if (!only || only === 'scans') {
      // A typed norm as a scanner makes it: 44 lines of 12-point type a page. The upload and the
      // recognition are probed apart: the second is what OCR costs the server.
      const line = (page: number, row: number) => `Art. ${page}.${row}: Establécese el régimen de habilitación de comercios de la zona.`;
      const scan = await scannedPdf(Array.from({ length: SCAN_PAGES }, (_, page) => Array.from({ length: 44 }, (_, row) => line(page + 1, row + 1))), { dpi: 300, fontPt: 12 });
      const name = `scan, ${SCAN_PAGES} pages A4 300 dpi (${(scan.length / 1024 / 1024).toFixed(1)} MB)`;
      let id = 0;
      let uploadOutcome = '';
      report(
        `${name}: upload`,
        await probeDuring(base, async () => {
          const started = performance.now();
          const response = await fetch(`${base}/api/v1/regulations`, {
            method: 'POST',
            headers: admin,
            body: multipart({ type: 'ordinance', state: 'approved', number: String(number++), subject: name, 'authors[]': 'Bench' }, { pdf_approved: scan }),
          });
          if (response.status !== 201) throw new Error(`scan upload: ${response.status} ${await response.text()}`);
          id = ((await response.json()) as { id: number }).id;
          uploadOutcome = `201 in ${(performance.now() - started).toFixed(0)} ms`;
        }),
        uploadOutcome,
      );
      let ocrOutcome = '';
      report(
        `${name}: OCR`,
        await probeDuring(base, async () => {
          const started = performance.now();
          for (;;) {
            const [row] = await db.select({ status: regulations.textStatus, ocr: regulations.approvedTextOcr }).from(regulations).where(eq(regulations.id, id));
            if (row && row.status !== 'pending') {
              const seconds = (performance.now() - started) / 1000;
              // From the upload's answer to the text in the search: the text layer's reading included.
              ocrOutcome = `text ${row.status}${row.ocr ? ' by OCR' : ''} ${seconds.toFixed(1)} s after the upload: ${(seconds / SCAN_PAGES).toFixed(1)} s per page`;
              return;
            }
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }),
        ocrOutcome,
      );
    }

    // The worst descriptions: nesting no editor makes (422), 12 MB of plain markup (413), and the
    // largest a cm may really send: 16 pasted photos, about 11 MB of data URLs (stored as WebP).
    const photo = await sharp({ create: { width: 420, height: 420, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();
    const descriptions = [
      ['nested spans', `<p>${'<span>'.repeat(1_000_000)}x${'</span>'.repeat(1_000_000)}</p>`.slice(0, 12 * 1024 * 1024)],
      ['flat paragraphs', '<p>Texto de la <strong>noticia</strong>.</p>'.repeat(300_000).slice(0, 12 * 1024 * 1024)],
      ['16 pasted photos', Array.from({ length: 16 }, (_, index) => `<p>Foto ${index}</p><p><img src="data:image/png;base64,${photo.toString('base64')}"></p>`).join('')],
    ] as const;
    for (const [name, description] of only === 'scans' ? [] : descriptions) {
      let outcome = '';
      const latencies = await probeDuring(base, async () => {
        const started = performance.now();
        const response = await fetch(`${base}/api/v1/news`, {
          method: 'POST',
          headers: cm,
          body: multipart({ status: '1', type: 'new', title: 'Prueba', description, video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }),
        });
        const body = (await response.json()) as { message?: string };
        outcome = `answer ${response.status} in ${(performance.now() - started).toFixed(0)} ms${response.status >= 400 ? `: ${body.message}` : ''}`;
      });
      report(`news description, ${(description.length / 1024 / 1024).toFixed(1)} MB of ${name}`, latencies, outcome);
    }

    const left = await db.select({ status: regulations.textStatus }).from(regulations).where(inArray(regulations.textStatus, ['pending']));
    if (left.length) throw new Error('some texts stayed pending');
  } finally {
    server.kill('SIGTERM');
  }
  if (failed) process.exitCode = 1;
});
