import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from './db/client.js';
import { assemblePdf, pdfWithPages } from './lib/minimal-pdf.js';
import { createFileRepository } from './modules/files/repository.js';
import { multipartForm } from './test/multipart.js';
import {
  connectToServerDatabase,
  loginOverHttp,
  serverDatabaseUrl,
  startServer,
  waitForPostgresToStop,
  type ServerOptions,
  type ServerProcess,
} from './test/server-process.js';
import { randomSource } from './test/random-source.js';

/**
 * The whole server (server.ts, its embedded PostgreSQL) SIGKILLed again and again while two writers
 * register norms with PDFs, and started again plainly on the same DATA_DIR each time. What a kill may
 * cost is the requests it cuts, never an acknowledged one: every norm answered 201 is there after each
 * restart with its fields and byte-identical PDFs; at the end no text stays pending and, once the sweep
 * may act, the uploads folder holds exactly the files the records use.
 *
 * CRASH_TEST_SEED replays a run's choices (norms, sizes, kill delays); the timing stays the machine's.
 */

const KILLS = 12;
const WRITERS = 2;
/** A kill lands this long after the first norm a start acknowledged. */
const KILL_DELAY_MS = { min: 200, max: 2_000 };
const ADMIN = { email: 'choque@concejo.test', password: 'Choque-y-reinicio-2026' };
const SEED = Number(process.env.CRASH_TEST_SEED ?? Math.floor(Math.random() * 2 ** 31));

type PdfField = 'pdf_approved' | 'pdf_process';

interface Norm {
  /** A word in the subject and on every PDF page: finds the norm's text in the database. */
  marker: string;
  type: 'ordinance' | 'resolution' | 'decree' | 'declaration';
  state: 'approved' | 'process';
  number: number | null;
  subject: string;
  authors: string[];
  files: Partial<Record<PdfField, Buffer>>;
}

const AUTHORS = ['Ana Rodríguez', 'Pedro Gil', 'Lucía Fernández', 'Martín Núñez', 'Sofía Peña'];
const TYPES = ['ordinance', 'resolution', 'decree', 'declaration'] as const;

/** A page of text naming the norm, as pdfWithPages draws it. */
const pageLines = (marker: string, page: number, pages: number) => [
  `Norma ${marker}, página ${page + 1} de ${pages}`,
  ...Array.from({ length: 19 }, (_, line) => `Artículo ${line + 1}: el Concejo dispone lo que corresponde, línea ${page * 19 + line + 1}.`),
];

/**
 * A scanned-looking PDF: a page of text over an uncompressed grey image of `imageBytes` noise. Its
 * size makes kills land in the middle of its upload, while its text stays one page to extract (the
 * background extraction runs at a low priority, and crawls on a loaded machine).
 */
function scannedPdf(marker: string, imageBytes: number, random: () => number): Buffer {
  const width = 1000;
  const height = Math.ceil(imageBytes / width);
  const pixels = Buffer.alloc(width * height);
  for (let index = 0; index < pixels.length; index += 4) pixels.writeUInt32LE(Math.floor(random() * 2 ** 32), index);
  const escape = (text: string) => text.replace(/[\\()]/g, (character) => `\\${character}`);
  const text = ['BT', '/F1 12 Tf', '14 TL', '56 780 Td', ...pageLines(marker, 0, 1).map((line) => `(${escape(line)}) '`), 'ET'].join('\n');
  const content = Buffer.from(`q 483 0 0 ${Math.round((483 * height) / width)} 56 100 cm /Im1 Do Q\n${text}`, 'latin1');
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> /XObject << /Im1 6 0 R >> >> /Contents 5 0 R >>',
    Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`, 'latin1'), content, Buffer.from('\nendstream', 'latin1')]),
    Buffer.concat([
      Buffer.from(`<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${pixels.length} >>\nstream\n`, 'latin1'),
      pixels,
      Buffer.from('\nendstream', 'latin1'),
    ]),
  ]);
}

/**
 * Small PDFs of text and scans of a few hundred KB (these also keep the number of norms, and so the
 * checks after each start, within bounds).
 */
function pdfFor(marker: string, random: () => number): Buffer {
  const roll = random();
  if (roll < 0.4) return scannedPdf(marker, 100_000 + Math.floor(random() * 500_000), random);
  const pages = roll < 0.85 ? 1 + Math.floor(random() * 6) : 10 + Math.floor(random() * 30);
  return pdfWithPages(Array.from({ length: pages }, (_, page) => pageLines(marker, page, pages)));
}

function normFor(writer: number, sequence: number, random: () => number): Norm {
  const marker = `choque${writer}x${sequence}`;
  const approved = random() < 0.7;
  const files: Norm['files'] = {};
  if (approved) files.pdf_approved = pdfFor(marker, random);
  if (!approved || random() < 0.3) files.pdf_process = pdfFor(marker, random);
  const authors = AUTHORS.filter(() => random() < 0.4);
  return {
    marker,
    type: TYPES[Math.floor(random() * TYPES.length)]!,
    state: approved ? 'approved' : 'process',
    // Never reused: a cut request may have been committed all the same.
    number: approved ? (writer + 1) * 100_000 + sequence : null,
    subject: `Norma ${marker}: régimen de prueba número ${sequence} del escritor ${writer}`,
    authors: authors.length ? authors : [AUTHORS[writer]!],
    files,
  };
}

/** Lets the writers through while open; they wait at it while the server is down or being checked. */
class Gate {
  private opened = false;
  private waiting: (() => void)[] = [];
  open() {
    this.opened = true;
    for (const resume of this.waiting.splice(0)) resume();
  }
  close() {
    this.opened = false;
  }
  wait(): Promise<void> {
    return this.opened ? Promise.resolve() : new Promise((resume) => this.waiting.push(resume));
  }
}

async function inBatches<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** Every file under the uploads folder, as storage keys ('regulations-approved/<uuid>.pdf'). */
async function filesIn(uploads: string): Promise<string[]> {
  const entries = await fs.readdir(uploads, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(uploads, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

async function referencedKeys(dataDir: string): Promise<string[]> {
  const db = createDatabase(await serverDatabaseUrl(dataDir), { max: 1 });
  try {
    return [...(await createFileRepository(db).referencedKeys())].sort();
  } finally {
    await db.$client.end();
  }
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

let folder: string;
let options: ServerOptions;
let server: ServerProcess | undefined;
let stopWriters = false;

beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-crash-'));
  options = { dataDir: folder, env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } };
});
afterAll(async () => {
  stopWriters = true;
  await server?.kill();
  await waitForPostgresToStop(folder);
  await fs.rm(folder, { recursive: true, force: true });
});

describe('SIGKILL while norms with PDFs are being registered', () => {
  it(`loses no acknowledged norm, leaves no file behind and no text pending, over ${KILLS} kills (seed in the summary)`, { timeout: 420_000 }, async () => {
    const began = performance.now();
    const delays = randomSource(SEED);
    server = await startServer(options);
    const auth = await loginOverHttp(server, ADMIN);

    const acknowledged: (Norm & { id: number })[] = [];
    /** Anything but a 201 or a request cut by a kill: each is a failure, with what happened. */
    const unexpected: string[] = [];
    /** Starts whose server was killed: a request to one of them that fails was cut, not refused. */
    const killedStarts = new Set<number>();
    let start = 0;
    let inFlight = 0;
    let cut = 0;
    const gate = new Gate();

    const writer = async (index: number) => {
      const random = randomSource(SEED + index + 1);
      for (let sequence = 1; ; sequence += 1) {
        await gate.wait();
        if (stopWriters) return;
        const norm = normFor(index, sequence, random);
        const { url } = server!;
        const sentTo = start;
        inFlight += 1;
        try {
          const response = await fetch(`${url}/api/v1/regulations`, {
            method: 'POST',
            headers: auth,
            body: multipartForm({ type: norm.type, state: norm.state, number: norm.number ?? undefined, subject: norm.subject, authors: norm.authors }, norm.files),
            signal: AbortSignal.timeout(120_000),
          });
          const body = await response.text();
          if (response.status === 201) acknowledged.push({ ...norm, id: (JSON.parse(body) as { id: number }).id });
          else unexpected.push(`${norm.marker}: ${response.status} ${body.slice(0, 500)}`);
        } catch (error) {
          if (killedStarts.has(sentTo)) cut += 1;
          else unexpected.push(`${norm.marker}: ${String((error as Error).cause ?? error)} without a kill`);
        } finally {
          inFlight -= 1;
        }
        // A writer that met a failure stops; the cycle's check reports it.
        if (unexpected.length) return;
      }
    };

    /** Every norm acknowledged so far, as the API shows it, with its PDFs byte for byte. */
    const checkAcknowledged = async (current: ServerProcess) => {
      await inBatches(acknowledged, 4, async (norm) => {
        const response = await fetch(`${current.url}/api/v1/regulations/${norm.id}`, { headers: auth });
        expect(response.status, `norm ${norm.id} (${norm.marker})`).toBe(200);
        const detail = (await response.json()) as Record<string, unknown>;
        expect({ type: detail.type, state: detail.state, number: detail.number, subject: detail.subject, authors: detail.authors }, `norm ${norm.id}`).toEqual({
          type: norm.type,
          state: norm.state,
          number: norm.number,
          subject: norm.subject,
          authors: norm.authors.map((name) => ({ name })),
        });
        for (const field of ['pdf_approved', 'pdf_process'] as const) {
          const sent = norm.files[field];
          if (!sent) {
            expect(detail[field], `norm ${norm.id} ${field}`).toBeNull();
            continue;
          }
          const download = await fetch(`${current.url}${detail[field] as string}`);
          expect(download.status, `norm ${norm.id} ${field}`).toBe(200);
          const received = Buffer.from(await download.arrayBuffer());
          expect(received.equals(sent), `norm ${norm.id} ${field}: ${received.length} bytes downloaded, ${sent.length} sent`).toBe(true);
        }
      });
    };

    const writers = Array.from({ length: WRITERS }, (_, index) => writer(index));
    const restartMs: number[] = [];
    try {
      for (let kill = 1; kill <= KILLS; kill += 1) {
        gate.open();
        // Each start serves writes before it dies: the kill comes at a random moment after its first
        // acknowledged norm (on a loaded machine the first upload after a start can take seconds).
        const acknowledgedBefore = acknowledged.length;
        await expect.poll(() => acknowledged.length > acknowledgedBefore || unexpected.length > 0, { timeout: 60_000, interval: 20 }).toBe(true);
        expect(unexpected, `seed ${SEED}`).toEqual([]);
        const delay = KILL_DELAY_MS.min + delays() * (KILL_DELAY_MS.max - KILL_DELAY_MS.min);
        await new Promise((resolve) => setTimeout(resolve, delay));
        killedStarts.add(start);
        gate.close();
        await server.kill();
        // Whatever the kill cut has failed by now; what it did not cut has its answer.
        await expect.poll(() => inFlight, { timeout: 30_000, interval: 20 }).toBe(0);
        expect(unexpected, `seed ${SEED}`).toEqual([]);

        server = await startServer(options);
        start += 1;
        restartMs.push(server.readyMs);
        await checkAcknowledged(server);
      }
    } finally {
      stopWriters = true;
      gate.open();
      await Promise.all(writers);
    }
    expect(unexpected, `seed ${SEED}`).toEqual([]);
    // Kills did land in the middle of requests (each start acknowledged a norm before its kill).
    expect(cut).toBeGreaterThan(0);

    // Text extraction catches up with everything the kills interrupted; each PDF's own text is found.
    const drainStarted = performance.now();
    const db = await connectToServerDatabase(folder);
    let committedAnyway: number;
    let drainMs: number;
    try {
      await expect
        .poll(async () => (await db.query<{ id: number }>(`select id from regulations where text_status = 'pending' order by id`)).rows.map((row) => row.id), {
          timeout: 180_000,
          interval: 250,
        })
        .toEqual([]);
      drainMs = performance.now() - drainStarted;
      const { rows } = await db.query<{ id: number; text_status: string; approved: boolean; process: boolean }>(
        `select r.id, r.text_status,
                strpos(coalesce(r.approved_text, ''), m.marker) > 0 as approved,
                strpos(coalesce(r.process_text, ''), m.marker) > 0 as process
           from regulations r join unnest($1::int[], $2::text[]) as m(id, marker) on m.id = r.id order by r.id`,
        [acknowledged.map((norm) => norm.id), acknowledged.map((norm) => norm.marker)],
      );
      expect(rows.map((row) => ({ id: row.id, text_status: row.text_status, approved: row.approved, process: row.process }))).toEqual(
        [...acknowledged]
          .sort((a, b) => a.id - b.id)
          .map((norm) => ({ id: norm.id, text_status: 'indexed', approved: Boolean(norm.files.pdf_approved), process: Boolean(norm.files.pdf_process) })),
      );
      committedAnyway = Number((await db.query<{ count: string }>('select count(*) from regulations')).rows[0]!.count) - acknowledged.length;
    } finally {
      await db.end();
    }

    // What the crashes left in the uploads folder, then the sweep once it may act (files an hour old).
    const uploads = path.join(folder, 'uploads');
    const leftovers = await filesIn(uploads);
    const referencedBefore = new Set(await referencedKeys(folder));
    const partial = leftovers.filter((key) => key.endsWith('.partial')).length;
    const unreferenced = leftovers.filter((key) => !key.endsWith('.partial') && !referencedBefore.has(key)).length;
    expect(await server.stop(), server.output()).toBe(0);
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    for (const key of leftovers) await fs.utimes(path.join(uploads, key), twoHoursAgo, twoHoursAgo);
    server = await startServer(options);
    const referenced = await referencedKeys(folder);
    await expect.poll(() => filesIn(uploads), { timeout: 30_000, interval: 100 }).toEqual(referenced);
    await checkAcknowledged(server);
    expect(await server.stop(), server.output()).toBe(0);

    console.log(
      `crash test: ${KILLS} kills, ${acknowledged.length} norms acknowledged, ${cut} requests cut (${committedAnyway} of them committed anyway), ` +
        `restart to ready median ${seconds(median(restartMs))} / max ${seconds(Math.max(...restartMs))}, ` +
        `pending text done ${seconds(drainMs)} after the writers stopped, swept ${partial} partial + ${unreferenced} unreferenced files, ${seconds(performance.now() - began)} in all, seed ${SEED}`,
    );
  });
});
