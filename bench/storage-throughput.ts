// Upload and download of a 20 MB PDF through the API, with the files on the local disk and in a bucket
// of a real S3 server (Swift with s3api on this machine, scripts/s3-server.sh), beside a bare node:http
// server that drops the same upload and sends the same file from memory (the machine's ceiling).
// An upload is POST /api/v1/regulations with the PDF, answered once the PDF is checked (opened by
// pdf.js in a worker) and stored; a download is GET of its link, read to the end. Rounds alternate the
// targets so that the machine's noise falls on all of them alike.
// Run: npm run build && npx tsx bench/storage-throughput.ts      (BENCH_ROUNDS: 5)
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { assemblePdf } from '../apps/api/src/lib/minimal-pdf.js';
import { s3Environment, startS3Server } from '../apps/api/src/test/s3-server.js';
import { cleanUpOnSignals, startBareStaticServer, startDemoServer, type BuiltServer } from './support.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PDF_BYTES = 20_000_000;
const ADMIN = { email: 'admin@concejo.test', password: 'Bench-Demo-Server-2026' };

/**
 * A 20 MB PDF: one page of text (so that the search reads its text layer, not OCR) and an unused
 * stream of random bytes, as incompressible as a scan.
 */
function twentyMegabytePdf(): Buffer {
  const text = Buffer.from(['BT', '/F1 12 Tf', '14 TL', '56 780 Td', ...Array.from({ length: 40 }, (_, line) => `(Linea ${line + 1} de la ordenanza de prueba de almacenamiento) '`), 'ET'].join('\n'), 'latin1');
  const bodies = (padding: number): (string | Buffer)[] => [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
    Buffer.concat([Buffer.from(`<< /Length ${text.length} >>\nstream\n`, 'latin1'), text, Buffer.from('\nendstream', 'latin1')]),
    Buffer.concat([Buffer.from(`<< /Length ${padding} >>\nstream\n`, 'latin1'), randomBytes(padding), Buffer.from('\nendstream', 'latin1')]),
  ];
  const overhead = assemblePdf(bodies(0)).length;
  return assemblePdf(bodies(PDF_BYTES - overhead - String(PDF_BYTES).length + 1));
}

interface Target {
  name: string;
  upload: (n: number) => Promise<string | undefined>;
  download: (url: string) => Promise<number>;
  lastUrl?: string;
}

async function login(server: BuiltServer): Promise<string> {
  const response = await fetch(`${server.url}/api/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'device-id': 'bench-storage' }, body: JSON.stringify(ADMIN) });
  if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`);
  return `Bearer ${((await response.json()) as { token: string }).token}`;
}

function siteTarget(name: string, server: BuiltServer, authorization: string, pdf: Buffer): Target {
  return {
    name,
    async upload(n) {
      const form = new FormData();
      for (const [field, value] of Object.entries({ type: 'ordinance', state: 'approved', number: String(80_000 + n), subject: `Ordenanza de 20 MB número ${n}` })) form.append(field, value);
      form.append('authors[]', 'Ana Rodríguez');
      form.append('pdf_approved', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'ordenanza.pdf');
      const response = await fetch(`${server.url}/api/v1/regulations`, { method: 'POST', headers: { authorization }, body: form });
      if (response.status !== 201) throw new Error(`${name}: upload answered ${response.status}: ${await response.text()}`);
      return new URL(((await response.json()) as { pdf_approved: string }).pdf_approved, server.url).href;
    },
    async download(url) {
      const response = await fetch(url);
      if (response.status !== 200) throw new Error(`${name}: download answered ${response.status}`);
      return (await response.arrayBuffer()).byteLength;
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mbps = (bytes: number, ms: number) => bytes / 1e6 / (ms / 1000);

async function main() {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-bench-storage-'));
  const s3 = await startS3Server();
  const servers: BuiltServer[] = [];
  let bare: Awaited<ReturnType<typeof startBareStaticServer>> | undefined;
  const cleanup = async () => {
    bare?.stop();
    await Promise.all(servers.map((server) => server.stop()));
    await s3.stop();
    await fs.rm(folder, { recursive: true, force: true });
  };
  cleanUpOnSignals(cleanup);
  try {
    const pdf = twentyMegabytePdf();
    const file = path.join(folder, 'ordenanza.pdf');
    await fs.writeFile(file, pdf);
    const disk = await startDemoServer('bench-disk');
    servers.push(disk);
    const bucket = await startDemoServer('bench-bucket', s3Environment(s3.settings));
    servers.push(bucket);
    bare = await startBareStaticServer(file, 'application/pdf');
    const bareUrl = bare.url;
    const targets: Target[] = [
      siteTarget('API, files on disk', disk, await login(disk), pdf),
      siteTarget('API, files in the bucket (Swift)', bucket, await login(bucket), pdf),
      {
        name: 'bare node:http (ceiling)',
        async upload() {
          const response = await fetch(bareUrl, { method: 'POST', headers: { 'content-type': 'application/pdf' }, body: new Uint8Array(pdf) });
          await response.arrayBuffer();
          return `${bareUrl}/ordenanza.pdf`;
        },
        async download(url) {
          return (await (await fetch(url)).arrayBuffer()).byteLength;
        },
      },
    ];
    const uploads = new Map<string, number[]>(targets.map((target) => [target.name, []]));
    const downloads = new Map<string, number[]>(targets.map((target) => [target.name, []]));
    console.log(`${ROUNDS} rounds; PDF of ${pdf.length.toLocaleString('en')} bytes; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`);
    let n = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const target of targets) {
        n += 1;
        let started = performance.now();
        const url = await target.upload(n);
        uploads.get(target.name)!.push(performance.now() - started);
        started = performance.now();
        const bytes = await target.download(url!);
        downloads.get(target.name)!.push(performance.now() - started);
        if (bytes !== pdf.length) throw new Error(`${target.name}: downloaded ${bytes} bytes, not ${pdf.length}`);
      }
    }
    console.log('\n| target | upload: median ms (MB/s) | upload: fastest-slowest ms | download: median ms (MB/s) | download: fastest-slowest ms |');
    console.log('|---|---|---|---|---|');
    for (const target of targets) {
      const up = uploads.get(target.name)!;
      const down = downloads.get(target.name)!;
      const span = (values: number[]) => `${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))}`;
      console.log(`| ${target.name} | ${Math.round(median(up))} (${mbps(pdf.length, median(up)).toFixed(0)}) | ${span(up)} | ${Math.round(median(down))} (${mbps(pdf.length, median(down)).toFixed(0)}) | ${span(down)} |`);
    }
    console.log(`load average after: ${os.loadavg()[0]!.toFixed(1)}`);
  } finally {
    await cleanup();
  }
}

await main();
