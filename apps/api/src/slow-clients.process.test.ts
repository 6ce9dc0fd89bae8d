import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@concejo/contracts';
import { pdfOfSize } from './lib/minimal-pdf.js';
import { slowdownNow, timed } from './test/machine-speed.js';
import { BOUNDARY, rawRequest, regulationForm } from './test/raw-upload.js';
import { loginOverHttp, startServer, waitForPostgresToStop, type ServerProcess } from './test/server-process.js';

/**
 * Slow clients against the built server as `npm start` runs it (HOST reached directly, no nginx): a
 * body that stops halfway is answered 408 and its connection closed (BODY_IDLE_SECONDS), a slow but
 * steady upload still goes through, and one address cannot hold more than CONNECTIONS_PER_ADDRESS
 * connections while another address is served.
 */

const ADMIN = { email: 'lentos@concejo.test', password: 'Clientes-lentos-2026' };
const IDLE_SECONDS = 5;
const PER_ADDRESS = 20;
const MB = 1024 * 1024;
let folder: string;
let server: ServerProcess;
let authorization: string;

beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-slow-clients-'));
  server = await startServer({
    dataDir: folder,
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, BODY_IDLE_SECONDS: String(IDLE_SECONDS), CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS) },
  });
  ({ authorization } = await loginOverHttp(server, ADMIN));
}, 180_000);
afterAll(async () => {
  await server.kill();
  await waitForPostgresToStop(folder);
  await fs.rm(folder, { recursive: true, force: true });
});

const spooled = () => fs.readdir(path.join(folder, 'tmp', 'uploads'));
const uploadHeaders = () => ({ authorization, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` });

describe('a request body with a time limit', () => {
  it('answers 408 to an upload that stops halfway, closes its connection and removes its spooled file', { timeout: 180_000 }, async () => {
    const body = regulationForm(pdfOfSize(2 * MB));
    const upload = await rawRequest({ base: server.url, path: '/api/v1/regulations', headers: uploadHeaders(), body });
    const closedAt = upload.closed.then(() => performance.now());
    let stoppedAt = 0;
    try {
      const { ms, limitMs, factor } = await timed((IDLE_SECONDS + 3) * 1000, async () => {
        await upload.send(Math.floor(body.length / 2));
        stoppedAt = performance.now();
        // Its PDF is being spooled: the file is there while the body waits.
        await vi.waitFor(async () => expect(await spooled()).toHaveLength(1), { timeout: 30_000, interval: 50 });
        // Waited for until the server closes it (at most a minute and a half: a server without the limit never does).
        await Promise.race([upload.closed, sleep(90_000)]);
      });
      expect(upload.socket.destroyed, 'the server closed the connection').toBe(true);
      expect(ms, `slowdown ${factor.toFixed(1)}`).toBeLessThan(limitMs);
    } finally {
      upload.abort();
    }
    const waited = (await closedAt) - stoppedAt;
    const answer = await upload.answer;
    expect(answer.status).toBe(408);
    expect(answer.body.message).toBe(MESSAGES.bodyTimeout);
    expect(answer.headers.connection).toBe('close');
    // Not before its time limit, and soon after it.
    expect(waited).toBeGreaterThanOrEqual(IDLE_SECONDS * 1000 - 50);
    expect(await spooled()).toEqual([]);
  });

  it('lets a slow but steady upload through, with pauses shorter than the limit, though it lasts far longer than the limit', { timeout: 180_000 }, async () => {
    const body = regulationForm(pdfOfSize(3 * MB));
    const upload = await rawRequest({ base: server.url, path: '/api/v1/regulations', headers: uploadHeaders(), body });
    const started = performance.now();
    // 32 KB every 125 ms (256 KB/s, a poor 3G uplink), with a pause of two seconds after the first megabyte.
    for (let sent = 0; sent < body.length; sent += 32 * 1024) {
      await upload.send(Math.min(body.length, sent + 32 * 1024));
      await sleep(sent === MB ? 2_000 : 125);
    }
    const answer = await upload.answer;
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(performance.now() - started).toBeGreaterThan(2 * IDLE_SECONDS * 1000);
    expect(await spooled()).toEqual([]);
    upload.abort();
  });
});

interface SlowLogin {
  socket: net.Socket;
  connectedAt: number;
  closedAt: number | undefined;
  /** Bytes the server answered with. */
  answered: number;
}

/** A login whose body arrives 1 KB every half second (above the minimum rate, so the server keeps it): a slow client from `address`. */
function slowLogin(port: number, address: string): Promise<SlowLogin> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: address });
    const login: SlowLogin = { socket, connectedAt: 0, closedAt: undefined, answered: 0 };
    let trickle: NodeJS.Timeout | undefined;
    socket.once('connect', () => {
      login.connectedAt = performance.now();
      socket.write(`POST /api/v1/login HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${90 * 1024}\r\n\r\n{"email":"`);
      trickle = setInterval(() => socket.write('a'.repeat(1024)), 500);
      resolve(login);
    });
    socket.on('data', (chunk: Buffer) => (login.answered += chunk.length));
    socket.on('error', () => undefined);
    socket.once('error', reject);
    socket.once('close', () => {
      login.closedAt = performance.now();
      clearInterval(trickle);
    });
  });
}

/** GET /healthz from `address` on a connection of its own: its status, or the error. */
function healthz(port: number, address: string): Promise<number | string> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/healthz', localAddress: address, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

describe('connections per client address', () => {
  it(`closes at once the connections one address opens past ${PER_ADDRESS}, while another address is served promptly`, { timeout: 180_000 }, async () => {
    const attacker = '127.0.0.3';
    const before = slowdownNow();
    const logins = await Promise.all(Array.from({ length: 200 }, () => slowLogin(server.port, attacker)));
    try {
      // Every connection past the limit is closed by the server without a byte of answer.
      await vi.waitFor(() => expect(logins.filter((login) => login.closedAt !== undefined).length).toBeGreaterThanOrEqual(200 - PER_ADDRESS), { timeout: 60_000, interval: 20 });
      const { value: status, ms, limitMs } = await timed(1_000, () => healthz(server.port, '127.0.0.2'));
      const factor = Math.max(before, slowdownNow());
      const refused = logins.filter((login) => login.closedAt !== undefined && login.answered === 0 && login.closedAt - login.connectedAt < 1_000 * factor);
      expect(refused).toHaveLength(200 - PER_ADDRESS);
      // The others are held as slow clients (or answered 408, never before the idle limit).
      const held = logins.filter((login) => !refused.includes(login));
      for (const login of held) if (login.closedAt !== undefined) expect(login.closedAt - login.connectedAt).toBeGreaterThanOrEqual(IDLE_SECONDS * 1000);
      expect(status).toBe(200);
      expect(ms).toBeLessThan(limitMs);
      // The same address is refused while it holds its twenty...
      if (held.every((login) => login.closedAt === undefined)) expect(await healthz(server.port, attacker)).not.toBe(200);
    } finally {
      for (const login of logins) login.socket.destroy();
    }
    // ...and served again once it has closed them.
    await vi.waitFor(async () => expect(await healthz(server.port, attacker)).toBe(200), { timeout: 30_000, interval: 100 });
  });
});
