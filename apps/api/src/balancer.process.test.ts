import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort, startEmbeddedPostgres, type EmbeddedServer } from './db/embedded.js';
import { pdfWithPages } from './lib/minimal-pdf.js';
import { imageForm, sampleImage } from './test/images.js';
import { multipartForm } from './test/multipart.js';
import { startNginx, type AccessLine, type Nginx } from './test/nginx.js';
import { s3Environment, startS3Server } from './test/s3-server.js';
import { loginOverHttp, startServer, type ServerProcess } from './test/server-process.js';

/**
 * Two instances of the built server behind Debian's nginx with the recommended configuration
 * (deploy/nginx.conf), sharing one PostgreSQL and one bucket of a real S3 server (Swift), as a
 * council's operator runs them. Real flows through nginx give the same answers whichever instance
 * serves them; then one instance is stopped during steady traffic, with SIGTERM (no request may fail)
 * and with SIGKILL (only requests in flight on it may).
 */

const ADMIN = { email: 'balanceo@concejo.test', password: 'Balanceo-de-carga-2026' };
let folder: string;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let database: EmbeddedServer;
let nginx: Nginx;
let ports: [number, number];
let env: Record<string, string>;
const instances: ServerProcess[] = [];
let auth: { authorization: string };
/** A community manager's session, for the news. */
let cm: { authorization: string };
const CM = { email: 'prensa@concejo.test', password: 'Prensa-balanceada-2026' };
let pdf: Buffer;
let pdfUrl: string;
let photo: Buffer;

const start = async (index: 0 | 1) => {
  instances[index] = await startServer({ dataDir: path.join(folder, `instance-${index}`), port: ports[index], env });
  return instances[index]!;
};

beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-balancer-'));
  s3 = await startS3Server();
  database = await startEmbeddedPostgres(path.join(folder, 'postgres'));
  const client = new pg.Client(database.url());
  await client.connect();
  await client.query('create database concejo_balanceado');
  await client.end();
  const first = await findFreePort();
  let second = await findFreePort();
  while (second === first) second = await findFreePort();
  ports = [first, second];
  env = {
    DATABASE_URL: database.url('concejo_balanceado'),
    APP_SECRET: randomBytes(32).toString('hex'),
    ...s3Environment(s3.settings),
    TRUST_PROXY: '127.0.0.1',
    SHUTDOWN_DRAIN_SECONDS: '10',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  // One after the other: the first makes the database's tables and the admin.
  await start(0);
  await start(1);
  nginx = await startNginx(ports);
  pdf = pdfWithPages([['Ordenanza de arbolado urbano servida por dos instancias']]);
  photo = await sampleImage('jpeg', 320, 180);
}, 240_000);

afterAll(async () => {
  await nginx?.stop();
  for (const instance of instances) await instance?.kill();
  await database?.stop();
  await s3?.stop();
  if (folder) await fs.rm(folder, { recursive: true, force: true });
});

const through = (url: string, init?: RequestInit) => fetch(`${nginx.url}${url}`, { ...init, signal: AbortSignal.timeout(60_000) });
const portOf = (upstream: string) => Number(upstream.split(':').at(-1));
/** The instances (by port) that answered the log's lines for this request line. */
async function answeredBy(request: string): Promise<Set<number>> {
  const lines = (await nginx.accessLog()).filter((line) => line.request.startsWith(request));
  return new Set(lines.map((line) => portOf(line.upstreams.at(-1)!)));
}

describe('two instances behind nginx, one PostgreSQL, one bucket', () => {
  it('gives the right answer whichever instance serves it, fresh content included', { timeout: 180_000 }, async () => {
    // A login made on one instance is known to the other.
    auth = await loginOverHttp({ url: nginx.url }, ADMIN);
    for (let round = 0; round < 4; round += 1) expect((await through('/api/v1/users', { headers: auth })).status).toBe(200);
    expect(await answeredBy('GET /api/v1/users HTTP')).toEqual(new Set(ports));
    // The admin gives the press office an account; it logs in through whichever instance.
    const account = await through('/api/v1/users', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Prensa', last_name: 'Concejo', email: CM.email, email_confirmation: CM.email, password: CM.password, password_confirmation: CM.password, role: 'cm' }),
    });
    expect(account.status, await account.clone().text()).toBe(201);
    cm = await loginOverHttp({ url: nginx.url }, CM);

    // A norm with its PDF, registered through one instance, downloaded from both, whole and by range.
    const created = await through('/api/v1/regulations', {
      method: 'POST',
      headers: auth,
      body: multipartForm({ type: 'ordinance', state: 'approved', number: 7301, subject: 'Ordenanza de arbolado balanceado', authors: ['Ana Rodríguez'] }, { pdf_approved: pdf }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const norm = (await created.json()) as { id: number; pdf_approved: string };
    pdfUrl = new URL(norm.pdf_approved, nginx.url).pathname + new URL(norm.pdf_approved, nginx.url).search;
    for (let round = 0; round < 4; round += 1) {
      const whole = await through(pdfUrl);
      expect(whole.status).toBe(200);
      expect(Buffer.from(await whole.arrayBuffer()).equals(pdf)).toBe(true);
      const part = await through(pdfUrl, { headers: { range: 'bytes=0-4' } });
      expect(part.status).toBe(206);
      expect(await part.text()).toBe('%PDF-');
    }
    expect(await answeredBy(`GET ${pdfUrl} HTTP`)).toEqual(new Set(ports));

    // Found by its subject right away, on either instance.
    for (let round = 0; round < 4; round += 1) {
      const found = (await (await through('/api/v1/regulations/published?search=balanceado')).json()) as { data: { id: number }[] };
      expect(found.data.map((row) => row.id)).toEqual([norm.id]);
    }
    expect(await answeredBy('GET /api/v1/regulations/published?search=balanceado')).toEqual(new Set(ports));

    // Both instances answer (and keep) the public news list; a news item published through one is
    // in the list of both at the very next request.
    for (let round = 0; round < 4; round += 1) expect((await through('/api/v1/news/published')).status).toBe(200);
    for (let item = 1; item <= 3; item += 1) {
      const title = `Noticia balanceada ${item}`;
      const posted = await through('/api/v1/news', {
        method: 'POST',
        headers: cm,
        body: imageForm({ status: 1, type: 'new', title, description: `<p>Publicada por una de dos instancias (${item}).</p>` }, { image: { content: photo, name: 'foto.jpg' } }),
      });
      expect(posted.status, await posted.clone().text()).toBe(201);
      for (let round = 0; round < 2; round += 1) {
        const listed = (await (await through('/api/v1/news/published')).json()) as { title: string }[];
        expect(listed.map((news) => news.title)).toContain(title);
      }
    }
    expect(await answeredBy('GET /api/v1/news/published HTTP')).toEqual(new Set(ports));
  });
});

interface Outcome {
  request: string;
  started: number;
  ended: number;
  /** The status, or why no answer came. */
  result: number | string;
  ok: boolean;
}

const SEARCHES = ['arbolado', 'veredas', 'tránsito', 'ordenanza', 'balanceado', 'plaza', 'presupuesto', 'alumbrado'];

/**
 * Clients that send requests one after another through nginx until stopped: public reads (news,
 * searches, the PDF), a staff read, and staff writes (news with a photo), each expected to succeed.
 */
function steadyTraffic(clients = 4) {
  const outcomes: Outcome[] = [];
  let running = true;
  let sequence = 0;
  const operations: ((n: number) => { method: string; url: string; init?: RequestInit; expect: number; check?: (response: Response) => Promise<boolean> })[] = [
    () => ({ method: 'GET', url: '/api/v1/news/published', expect: 200 }),
    (n) => ({ method: 'GET', url: `/api/v1/regulations/published?search=${encodeURIComponent(`${SEARCHES[n % SEARCHES.length]} ${n}`)}`, expect: 200 }),
    () => ({ method: 'GET', url: pdfUrl, expect: 200, check: async (response) => Buffer.from(await response.arrayBuffer()).equals(pdf) }),
    () => ({ method: 'GET', url: '/api/v1/users', init: { headers: auth }, expect: 200 }),
    (n) => ({
      method: 'POST',
      url: '/api/v1/news',
      init: { headers: cm, body: imageForm({ status: 1, type: 'new', title: `Noticia durante el tráfico ${n}`, description: '<p>Escrita mientras una instancia se detiene.</p>' }, { image: { content: photo, name: 'foto.jpg' } }) },
      expect: 201,
    }),
  ];
  const client = async (offset: number) => {
    for (let turn = offset; running; turn += 1) {
      const n = sequence++;
      const operation = operations[turn % operations.length]!(n);
      const started = performance.now();
      let result: number | string;
      let ok = false;
      try {
        const response = await through(operation.url, { method: operation.method, ...operation.init });
        result = response.status;
        ok = response.status === operation.expect && (operation.check ? await operation.check(response) : (await response.arrayBuffer(), true));
      } catch (error) {
        result = error instanceof Error ? `${error.message} (${String((error as { cause?: unknown }).cause ?? '')})` : String(error);
      }
      outcomes.push({ request: `${operation.method} ${operation.url}`, started, ended: performance.now(), result, ok });
    }
  };
  const loops = Array.from({ length: clients }, (_, offset) => client(offset));
  return {
    /** Resolves once `count` more requests have been answered. */
    async answered(count: number) {
      const target = outcomes.length + count;
      const deadline = Date.now() + 120_000;
      while (outcomes.length < target) {
        if (Date.now() > deadline) throw new Error(`traffic stalled: ${outcomes.length} of ${target} requests answered`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

/** Waits until nginx sends requests to the instance on `port` again (it left it aside for fail_timeout). */
async function backInRotation(port: number) {
  const seen = (await nginx.accessLog()).length;
  const deadline = Date.now() + 60_000;
  for (;;) {
    expect((await through('/api/v1/news/published')).status).toBe(200);
    const lines = (await nginx.accessLog()).slice(seen);
    if (lines.some((line) => line.upstreams.length === 1 && portOf(line.upstreams[0]!) === port && line.status === 200)) return;
    if (Date.now() > deadline) throw new Error(`nginx did not send requests to 127.0.0.1:${port} again within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const summary = (outcomes: Outcome[]) => ({
  requests: outcomes.length,
  writes: outcomes.filter((outcome) => outcome.request.startsWith('POST')).length,
  failed: outcomes.filter((outcome) => !outcome.ok).length,
});

describe('one instance stops during steady traffic', () => {
  it('SIGTERM: the instance drains and leaves; no request fails', { timeout: 180_000 }, async () => {
    const logBefore = (await nginx.accessLog()).length;
    const traffic = steadyTraffic();
    await traffic.answered(40);
    const stopped = performance.now();
    const code = await instances[1]!.stop();
    const left = performance.now();
    await traffic.answered(40);
    const outcomes = await traffic.stop();
    const failed = outcomes.filter((outcome) => !outcome.ok);
    expect(failed, failed.length ? `${instances[1]!.output()}\n${await nginx.errors()}` : '').toEqual([]);
    expect(code).toBe(0);
    const during = outcomes.filter((outcome) => outcome.ended > stopped && outcome.started < left);
    console.log('SIGTERM during steady traffic:', { ...summary(outcomes), duringStop: summary(during), stopMs: Math.round(left - stopped) });
    // Both instances served the traffic before the stop; GETs sent to the stopping one were answered by the other.
    const lines: AccessLine[] = (await nginx.accessLog()).slice(logBefore);
    expect(new Set(lines.map((line) => portOf(line.upstreams.at(-1)!)))).toEqual(new Set(ports));
    expect(lines.every((line) => line.status < 500)).toBe(true);
  });

  it('SIGKILL: only requests in flight on the killed instance fail', { timeout: 180_000 }, async () => {
    await start(1);
    await backInRotation(ports[1]);
    const logBefore = (await nginx.accessLog()).length;
    const traffic = steadyTraffic();
    await traffic.answered(40);
    const killed = performance.now();
    await instances[0]!.kill();
    // The signal is sent at `killed`, the process is gone by `died`: a request sent between the two may
    // have reached it.
    const died = performance.now();
    await traffic.answered(40);
    const outcomes = await traffic.stop();

    const failed = outcomes.filter((outcome) => !outcome.ok);
    console.log('SIGKILL during steady traffic:', { ...summary(outcomes), failed });
    // Each failure was on its way when the instance died, and there are at most as many as clients.
    for (const failure of failed) expect(failure.started < died && failure.ended > killed, JSON.stringify({ failure, killed, died })).toBe(true);
    expect(failed.length).toBeLessThanOrEqual(4);
    // nginx's failed answers all came from the killed instance.
    const lines = (await nginx.accessLog()).slice(logBefore);
    for (const line of lines.filter((entry) => entry.status >= 500)) expect(line.upstreams.map(portOf)).toContain(ports[0]);
    // After the kill, the survivor answers everything.
    expect(outcomes.filter((outcome) => outcome.started > died).every((outcome) => outcome.ok)).toBe(true);
  });
});
