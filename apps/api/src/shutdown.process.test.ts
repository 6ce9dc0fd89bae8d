import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive } from './lib/processes.js';
import { pdfWithPages } from './lib/minimal-pdf.js';
import { loginOverHttp, postmasterPid, startServer, waitForPostgresToStop, type ServerProcess } from './test/server-process.js';

/**
 * The whole server as `npm start` runs it (server.ts, its own embedded PostgreSQL), stopped with
 * SIGTERM while an upload is still arriving: the upload is answered, then the process leaves cleanly
 * and takes its PostgreSQL with it.
 */

const ADMIN = { email: 'cierre@concejo.test', password: 'Cierre-ordenado-2026' };
let folder: string;
let server: ServerProcess;

beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-shutdown-'));
  // The first start makes the database: seconds.
  server = await startServer({ dataDir: folder, env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
}, 120_000);
afterAll(async () => {
  await server.kill();
  await waitForPostgresToStop(folder);
  await fs.rm(folder, { recursive: true, force: true });
});

describe('SIGTERM', () => {
  it('answers the upload in flight, refuses new connections, then stops PostgreSQL and leaves with 0', { timeout: 120_000 }, async () => {
    const auth = await loginOverHttp(server, ADMIN);
    const postmaster = (await postmasterPid(folder))!;

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
    let exited: Promise<number | null> | undefined;
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port: server.port, method: 'POST', path: '/api/v1/regulations', headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length } },
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
        if (sent === 2) exited = server.stop();
        if (sent < pieces) setTimeout(next, 50);
        else request.end();
      };
      next();
    });

    const result = await answer;
    expect(result.status, result.body).toBe(201);
    expect(await exited).toBe(0);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    expect(isAlive(postmaster)).toBe(false);
  });
});
