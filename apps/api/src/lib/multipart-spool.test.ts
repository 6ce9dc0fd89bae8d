import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { REGULATION_MESSAGES } from '@concejo/contracts';
import { buildLoggedInUser } from '../test/factories.js';
import { createTestApp, type TestContext } from '../test/harness.js';
import { BOUNDARY, rawRequest, regulationForm } from '../test/raw-upload.js';
import { pdfOfSize } from './minimal-pdf.js';
import { MAX_PDF_BYTES, MULTIPART_MESSAGES as M } from './multipart.js';
import { SPOOL_GRACE_MS } from './upload-spool.js';

/**
 * PDFs of up to 20 MB are written to DATA_DIR/tmp/uploads as they arrive (lib/upload-spool.ts), never
 * held whole in the server's memory, and removed once the request is answered, whatever the answer.
 */

const MB = 1024 * 1024;
const connections = new Set<net.Socket>();
let ctx: TestContext;
let spoolDir: string;
let admin: { authorization: string };
let base: string;

beforeAll(async () => {
  spoolDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-test-spool-')), 'tmp', 'uploads');
  ctx = await createTestApp({ uploadSpoolDir: spoolDir });
  admin = (await buildLoggedInUser(ctx.app, ctx.db, 'admin')).headers;
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  // One upload first, so that what the first one compiles or caches is not counted as held by the next.
  const warmUp = await startUpload(regulationForm(pdfOfSize(64 * 1024)));
  await warmUp.send();
  expect((await warmUp.answer).status).toBe(201);
});
afterEach(async () => {
  // An upload a failed test left halfway is cut, and its file goes, before the next test looks.
  for (const socket of connections) socket.destroy();
  await vi.waitFor(async () => expect(await spooledFiles()).toEqual([]), { timeout: 10_000, interval: 20 });
});
afterAll(async () => {
  await ctx.close();
  await fs.rm(path.dirname(path.dirname(spoolDir)), { recursive: true, force: true });
});

// ---- A client that can stop halfway ----

/** A POST of `body` over a plain socket (test/raw-upload.ts) as the admin, its connection cut after each test. */
async function startUpload(body: Buffer, url = '/api/v1/regulations') {
  const upload = await rawRequest({ base, path: url, headers: { authorization: admin.authorization, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, body });
  connections.add(upload.socket);
  void upload.closed.then(() => connections.delete(upload.socket));
  return upload;
}

// ---- What is in the spool folder ----

async function spooledFiles(): Promise<{ name: string; size: number; mode: number }[]> {
  const names = await fs.readdir(spoolDir);
  return Promise.all(
    names.map(async (name) => {
      const stat = await fs.stat(path.join(spoolDir, name));
      return { name, size: stat.size, mode: stat.mode & 0o777 };
    }),
  );
}

/** Waits until the spool folder holds `count` files of at least `bytes` each: the uploads being read. */
async function waitForSpooled(count: number, bytes: number) {
  await vi.waitFor(
    async () => {
      const files = await spooledFiles();
      expect(files.filter((file) => file.size >= bytes)).toHaveLength(count);
    },
    { timeout: 15_000, interval: 20 },
  );
  return spooledFiles();
}

const collectGarbage = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

/**
 * What the server process holds now: live objects and Buffers. V8 frees the memory of dead Buffers in
 * the background after a collection, so it collects until the figure stops falling.
 */
async function heldBytes() {
  let last = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 10; round += 1) {
    collectGarbage();
    await sleep(50);
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    if (last - arrayBuffers < 256 * 1024) return { heapUsed, arrayBuffers };
    last = arrayBuffers;
  }
  throw new Error('the memory in use did not settle');
}

describe('PDF uploads are spooled to disk while they arrive', () => {
  it('a 20 MB PDF is written to a file of its own (a made-up name, 0600) as it arrives, not to memory, and the file is gone once the norm is registered', async () => {
    const pdf = pdfOfSize(MAX_PDF_BYTES);
    const body = regulationForm(pdf);
    const before = await heldBytes();
    const upload = await startUpload(body);
    await upload.send(body.length - 2 * MB);

    const [file] = await waitForSpooled(1, MAX_PDF_BYTES - 3 * MB);
    expect(file!.name).toMatch(/^\d+-[0-9a-f-]{36}$/);
    expect(file!.mode).toBe(0o600);
    // Eighteen of the twenty megabytes have arrived: they are on disk, not in the server's memory.
    const during = await heldBytes();
    expect(during.arrayBuffers - before.arrayBuffers).toBeLessThan(4 * MB);
    expect(during.heapUsed - before.heapUsed).toBeLessThan(8 * MB);

    await upload.send();
    const answer = await upload.answer;
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(await spooledFiles()).toEqual([]);
    // Stored whole, as sent.
    const stored = await ctx.app.inject({ url: answer.body.pdf_process, headers: admin });
    expect(stored.statusCode).toBe(200);
    expect(createHash('sha256').update(stored.rawPayload).digest('hex')).toBe(createHash('sha256').update(pdf).digest('hex'));
  });

  it('a 20 MB file that is not a PDF gets 422 naming the field, and its spooled file is gone by then', async () => {
    const notPdf = Buffer.concat([Buffer.from('<html>no soy un PDF</html>\n'), Buffer.alloc(MAX_PDF_BYTES - 100, 0x41)]);
    const upload = await startUpload(regulationForm(notPdf));
    await upload.send(notPdf.length - MB);
    await waitForSpooled(1, notPdf.length - 2 * MB);
    await upload.send();
    const answer = await upload.answer;
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ pdf_process: [REGULATION_MESSAGES.pdfOnly] });
    expect(await spooledFiles()).toEqual([]);
  });

  it('a PDF one byte over 20 MB gets 413 naming the field, and what was written of it is gone by then', async () => {
    const upload = await startUpload(regulationForm(pdfOfSize(MAX_PDF_BYTES + 1)));
    await upload.send(MAX_PDF_BYTES - MB);
    await waitForSpooled(1, MAX_PDF_BYTES - 2 * MB);
    await upload.send();
    const answer = await upload.answer;
    expect(answer.status).toBe(413);
    expect(answer.body.errors).toEqual({ pdf_process: ['El PDF supera el tamaño máximo de 20 MB.'] });
    expect(await spooledFiles()).toEqual([]);
  });

  it('a client that goes away halfway through the file leaves no file behind', async () => {
    const upload = await startUpload(regulationForm(pdfOfSize(MAX_PDF_BYTES)));
    await upload.send(10 * MB);
    await waitForSpooled(1, 9 * MB);
    upload.abort();
    await vi.waitFor(async () => expect(await spooledFiles()).toEqual([]), { timeout: 10_000, interval: 20 });
  });

  it('uploads at the same time each get a file of their own, and each file goes with its answer', async () => {
    const bodies = [regulationForm(pdfOfSize(4 * MB)), regulationForm(pdfOfSize(4 * MB))];
    const uploads = await Promise.all(bodies.map((body) => startUpload(body)));
    await Promise.all(uploads.map((upload, index) => upload.send(bodies[index]!.length - MB)));
    const files = await waitForSpooled(2, 2 * MB);
    expect(new Set(files.map((file) => file.name)).size).toBe(2);
    await Promise.all(uploads.map((upload) => upload.send()));
    const answers = await Promise.all(uploads.map((upload) => upload.answer));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect(await spooledFiles()).toEqual([]);
  });

  it('answers 503 in Spanish, naming the field, when the spool folder cannot be written, and keeps nothing', async () => {
    // The folder replaced by a file: every write into it fails, as a full or broken disk would.
    await fs.rm(spoolDir, { recursive: true });
    await fs.writeFile(spoolDir, '');
    try {
      const upload = await startUpload(regulationForm(pdfOfSize(2 * MB)));
      await upload.send();
      const answer = await upload.answer;
      expect(answer.status).toBe(503);
      expect(answer.body.message).toBe(M.notSaved);
      expect(answer.body.errors).toEqual({ pdf_process: [M.notSaved] });
      expect(answer.headers['retry-after']).toBe('60');
    } finally {
      await fs.rm(spoolDir, { force: true });
      await fs.mkdir(spoolDir, { recursive: true });
    }
    const upload = await startUpload(regulationForm(pdfOfSize(MB)));
    await upload.send();
    expect((await upload.answer).status).toBe(201);
    expect(await spooledFiles()).toEqual([]);
  });
});

describe('the spool folder at start', () => {
  it('loses what stopped processes left in it, and keeps the uploads of processes still running', async () => {
    const folder = path.join(path.dirname(spoolDir), 'otra-instancia');
    await fs.mkdir(folder, { recursive: true });
    const leftover = async (name: string, ageMs = 0) => {
      await fs.writeFile(path.join(folder, name), '%PDF-1.4 a medio subir');
      const when = new Date(Date.now() - ageMs);
      await fs.utimes(path.join(folder, name), when, when);
      return name;
    };
    const gone = [
      // A process that is gone (pids are at most 4194304).
      await leftover(`4194300-${randomUUID()}`),
      // This process's pid, written before it started: a container's pid 1 before its restart.
      await leftover(`${process.pid}-${randomUUID()}`, process.uptime() * 1000 + 60_000),
      // A running process, but untouched for over an hour: its pid went to another program.
      await leftover(`${process.ppid}-${randomUUID()}`, SPOOL_GRACE_MS + 60_000),
    ];
    const kept = [await leftover(`${process.ppid}-${randomUUID()}`), await leftover('notas.txt')];

    const other = await createTestApp({ uploadSpoolDir: folder });
    try {
      await other.app.ready();
      const names = await fs.readdir(folder);
      for (const name of gone) expect(names).not.toContain(name);
      expect(names.sort()).toEqual(kept.sort());
    } finally {
      await other.close();
    }
  });
});
