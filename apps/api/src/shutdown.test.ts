import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive } from './lib/processes.js';
import { pdfWithPages } from './lib/minimal-pdf.js';

/**
 * The whole server as `npm start` runs it (server.ts, its own embedded PostgreSQL), stopped with
 * SIGTERM while an upload is still arriving: the upload is answered, then the process leaves cleanly
 * and takes its PostgreSQL with it.
 */

const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));
const ADMIN = { email: 'cierre@concejo.test', password: 'Cierre-ordenado-2026' };
let folder: string;
let server: ChildProcess;
let port: number;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
}

beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-shutdown-'));
  port = await freePort();
  server = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { ...process.env, DATA_DIR: folder, PORT: String(port), HOST: '127.0.0.1', DEMO_DATA: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Ready when /readyz answers 200 (the first start makes the database: seconds).
  for (let attempt = 0; attempt < 360; attempt += 1) {
    if ((await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined))?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not become ready');
}, 120_000);
afterAll(async () => {
  server.kill('SIGKILL');
  await fs.rm(folder, { recursive: true, force: true });
});

describe('SIGTERM', () => {
  it('answers the upload in flight, refuses new connections, then stops PostgreSQL and leaves with 0', { timeout: 120_000 }, async () => {
    const login = await fetch(`http://127.0.0.1:${port}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'device-id': 'shutdown-test-device' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const postmaster = Number((await fs.readFile(path.join(folder, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);

    // A multipart body written slowly, a piece every 50 ms: SIGTERM arrives while it is on its way.
    const boundary = 'cierre-ordenado';
    const pdf = pdfWithPages(Array.from({ length: 200 }, (_, page) => [`Página ${page + 1} de la ordenanza que llega durante el cierre`]));
    const fields = { type: 'ordinance', state: 'approved', number: '4242', subject: 'Ordenanza subida durante el cierre', 'authors[]': 'Ana' };
    const body = Buffer.concat([
      ...Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="pdf_approved"; filename="o.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port, method: 'POST', path: '/api/v1/regulations', headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length } },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
      const pieces = 20;
      const size = Math.ceil(body.length / pieces);
      let sent = 0;
      const next = () => {
        request.write(body.subarray(sent * size, (sent + 1) * size));
        sent += 1;
        if (sent === 2) server.kill('SIGTERM');
        if (sent < pieces) setTimeout(next, 50);
        else request.end();
      };
      next();
    });
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));

    const result = await answer;
    expect(result.status, result.body).toBe(201);
    expect(await exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    expect(isAlive(postmaster)).toBe(false);
  });
});
