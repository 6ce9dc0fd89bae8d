import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleImage } from '../test/images.js';
import { multipartForm, samplePdf } from '../test/multipart.js';

/**
 * The operator's round trip, with the real commands: a site made through the HTTP API on its own
 * embedded PostgreSQL, `npm run backup` while it runs, the server stopped, `npm run restore` into a
 * new DATA_DIR, and a server started there that holds the same site.
 */

const SERVER = fileURLToPath(new URL('../server.ts', import.meta.url));
const BACKUP_CLI = fileURLToPath(new URL('./backup-cli.ts', import.meta.url));
const RESTORE_CLI = fileURLToPath(new URL('./restore-cli.ts', import.meta.url));
const ADMIN = { email: 'respaldo@concejo.test', password: 'Copia-de-seguridad-2026' };
const ASESOR = { name: 'Lucía', last_name: 'Ferreyra', email: 'lucia.ferreyra@concejo.test', password: 'Asesora-Ferreyra-2026', role: 'asesor' };
const CM = { name: 'Mario', last_name: 'Quiroga', email: 'mario.quiroga@concejo.test', password: 'Redes-Quiroga-2026', role: 'cm' };
/** A word only the approved PDF's text holds: found by the public search once its text is indexed. */
const PDF_WORD = 'quebrachales';

let root: string;
const children = new Set<ChildProcess>();

/** The environment of every process here: the embedded PostgreSQL (no DATABASE_URL), a generated secret. */
const baseEnv = (dataDir: string, extra: Record<string, string> = {}) => ({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  APP_SECRET: '',
  HOST: '127.0.0.1',
  DEMO_DATA: 'false',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'test',
  ...extra,
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(dataDir: string, extra: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], { env: baseEnv(dataDir, { PORT: String(port), ...extra }), stdio: ['ignore', 'ignore', 'inherit'] });
  children.add(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  // Ready when /readyz answers 200 (a first start makes the database: seconds).
  for (let attempt = 0; attempt < 480; attempt += 1) {
    if ((await fetch(`${base}/readyz`).catch(() => undefined))?.status === 200) break;
    if (child.exitCode !== null) throw new Error(`the server left with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    base,
    stop: async () => {
      child.kill('SIGTERM');
      const code = await exited;
      children.delete(child);
      return code;
    },
  };
}

/** A CLI as `npm run backup|restore` runs it: tsx, the operator's environment. */
function runCli(script: string, args: string[], dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { env: baseEnv(dataDir), stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      children.delete(child);
      resolve({ code, stdout, stderr });
    });
  });
}

async function api<T = unknown>(base: string, url: string, init: RequestInit & { token?: string } = {}): Promise<{ status: number; body: T }> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  const response = await fetch(`${base}/api/v1${url}`, { ...init, headers });
  const text = await response.text();
  return { status: response.status, body: (text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T };
}

async function login(base: string, account: { email: string; password: string }): Promise<{ status: number; token?: string }> {
  const { status, body } = await api<{ token?: string }>(base, '/login', { method: 'POST', body: JSON.stringify({ email: account.email, password: account.password }), headers: { 'device-id': `backup-test-${account.email.split('@')[0]!.replace('.', '-')}` } });
  return { status, token: body.token };
}

async function download(url: string): Promise<{ status: number; bytes: Buffer }> {
  const response = await fetch(url);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Every file under a folder, by relative path, with its sha256. */
async function folderDigest(folder: string): Promise<Record<string, string>> {
  const digest: Record<string, string> = {};
  for (const entry of await fs.readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    digest[path.relative(folder, file)] = createHash('sha256').update(await fs.readFile(file)).digest('hex');
  }
  return digest;
}

/** What an operator would compare between the two sites, read through the API. */
async function siteSummary(base: string, adminToken: string, asesorToken: string) {
  const regulations = await api<{ total: number; data: { id: number; cargo: number; subject: string }[] }>(base, '/regulations', { token: asesorToken });
  const users = await api<{ email: string; role: string }[]>(base, '/users', { token: adminToken });
  const news = await api<{ id: number; title: string }[]>(base, '/news/published');
  const dayOrders = await api<{ total: number; data: { id: number; pdf_path: string }[] }>(base, '/day-orders/published');
  const search = await api<{ total: number }>(base, `/regulations/published?search=${PDF_WORD}`);
  return {
    regulations: regulations.body.total,
    regulationRows: regulations.body.data.map(({ id, cargo, subject }) => ({ id, cargo, subject })).sort((a, b) => a.id - b.id),
    users: users.body.map(({ email, role }) => `${role}:${email}`).sort(),
    news: news.body.map(({ id, title }) => ({ id, title })),
    dayOrders: dayOrders.body.total,
    foundByPdfText: search.body.total,
  };
}

interface Site {
  base: string;
  adminToken: string;
  asesorToken: string;
  approvedId: number;
  /** Public URLs of every stored file the site shows, with their bytes. */
  files: Map<string, Buffer>;
  /** A process PDF's signed link, issued by the original server. */
  signedLink: string;
  processPdf: Buffer;
}

let original: Awaited<ReturnType<typeof startServer>>;
let site: Site;
let archive: string;
let backupRun: Awaited<ReturnType<typeof runCli>>;
let before: Awaited<ReturnType<typeof siteSummary>>;

/** The site an operator would have: users, norms with both PDFs, a news item with its image, an agenda. */
async function buildSite(base: string): Promise<Site> {
  const admin = await login(base, ADMIN);
  expect(admin.status).toBe(200);
  const adminToken = admin.token!;
  for (const account of [ASESOR, CM]) {
    const created = await api(base, '/users', { method: 'POST', token: adminToken, body: JSON.stringify({ ...account, email_confirmation: account.email, password_confirmation: account.password }) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }
  const asesorToken = (await login(base, ASESOR)).token!;
  const cmToken = (await login(base, CM)).token!;

  const processPdf = samplePdf('Proyecto de ordenanza de arbolado, versión en trámite');
  const approvedPdf = samplePdf(`Ordenanza de arbolado urbano: protege los ${PDF_WORD} de la costa`);
  const post = (fields: Record<string, string | string[]>, files: Record<string, Buffer>) =>
    api<{ id: number; pdf_approved: string | null; pdf_process: string | null }>(base, '/regulations', { method: 'POST', token: asesorToken, body: multipartForm(fields, files) });
  const approved = await post({ type: 'ordinance', state: 'approved', number: '3150', subject: 'Arbolado urbano', authors: ['Ana Rodríguez'], keywords: ['árboles'] }, { pdf_approved: approvedPdf, pdf_process: processPdf });
  expect(approved.status, JSON.stringify(approved.body)).toBe(201);
  const project = await post({ type: 'resolution', subject: 'Declara de interés la fiesta del río', authors: ['Pedro Gil'] }, { pdf_process: samplePdf('Proyecto de resolución') });
  expect(project.status, JSON.stringify(project.body)).toBe(201);

  const image = await sampleImage('jpeg', 1200, 675);
  const news = new FormData();
  for (const [name, value] of Object.entries({ status: '1', title: 'Sesión ordinaria de marzo', description: '<p>Se aprobó la <strong>ordenanza</strong> de arbolado.</p>', type: 'new' })) news.append(name, value);
  news.append('image', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'foto.jpg');
  const newsItem = await api<{ image: string; images: { url: string }[] }>(base, '/news', { method: 'POST', token: cmToken, body: news });
  expect(newsItem.status, JSON.stringify(newsItem.body)).toBe(201);

  const agenda = await api<{ pdf_path: string }>(base, '/day-orders', {
    method: 'POST',
    token: asesorToken,
    body: JSON.stringify({ sessionType: 'ordinaria', date: '2026-03-10T19:00', acta: '45', projects: [project.body.id], comision_gobierno: ['Despacho sobre habilitaciones comerciales'] }),
  });
  expect(agenda.status, JSON.stringify(agenda.body)).toBe(201);

  const detail = await api<{ pdf_process: string; pdf_approved: string }>(base, `/regulations/${approved.body.id}`, { token: asesorToken });
  const files = new Map<string, Buffer>();
  for (const url of [detail.body.pdf_approved, agenda.body.pdf_path, newsItem.body.image, ...newsItem.body.images.map((variant) => variant.url)]) {
    const file = await download(`${base}${url}`);
    expect(file.status, url).toBe(200);
    files.set(url, file.bytes);
  }
  expect(files.get(detail.body.pdf_approved)).toEqual(approvedPdf);
  return { base, adminToken, asesorToken, approvedId: approved.body.id, files, signedLink: detail.body.pdf_process, processPdf };
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-backup-'));
  // As root, PostgreSQL runs as `postgres`, which must pass through the folders above each DATA_DIR.
  await fs.chmod(root, 0o755);
  original = await startServer(path.join(root, 'site'), { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  site = await buildSite(original.base);
  // The approved PDF's text is read in the background; the backup is taken once it is searchable.
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if ((await api<{ total: number }>(original.base, `/regulations/published?search=${PDF_WORD}`)).body.total === 1) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  before = await siteSummary(original.base, site.adminToken, site.asesorToken);
  expect(before.foundByPdfText).toBe(1);

  backupRun = await runCli(BACKUP_CLI, [], path.join(root, 'site'));
  archive = /guardada en (\S+\.tar\.gz)/.exec(backupRun.stdout)?.[1] ?? '';
  expect(await original.stop()).toBe(0);
}, 180_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await fs.rm(root, { recursive: true, force: true });
});

describe('npm run backup', () => {
  it('writes one archive under $DATA_DIR/backups while the site runs and says what it holds', () => {
    expect(backupRun.code, backupRun.stderr).toBe(0);
    expect(backupRun.stderr).toBe('');
    expect(archive).toMatch(new RegExp(`^${path.join(root, 'site', 'backups')}/concejo-\\d{8}-\\d{6}\\.tar\\.gz$`));
    expect(backupRun.stdout).toMatch(/^Copia de seguridad guardada en .+ \(\d+(,\d)? (KB|MB)\)\.\nContiene 2 normativas, 1 orden del día, 1 noticia, 0 banners, 3 usuarios; \d+ archivos \(.+\) y la clave del servidor\.\n$/);
  });

  it('with the server stopped, starts the site PostgreSQL itself and stops it afterwards', { timeout: 60_000 }, async () => {
    const second = await runCli(BACKUP_CLI, [path.join(root, 'offline.tar.gz')], path.join(root, 'site'));
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain(`guardada en ${path.join(root, 'offline.tar.gz')}`);
    expect(second.stdout.split('\n')[1]).toBe(backupRun.stdout.split('\n')[1]);
    await expect(fs.access(path.join(root, 'site', 'postgres', 'postmaster.pid'))).rejects.toThrow();
    // No staging folder is left in DATA_DIR (tmp is the server's: uploads being received).
    expect((await fs.readdir(path.join(root, 'site'))).sort()).toEqual(['.app-secret', '.postgres-password', 'backups', 'postgres', 'tmp', 'uploads']);
  });
});

describe('npm run restore', () => {
  let restored: Awaited<ReturnType<typeof startServer>>;
  const target = () => path.join(root, 'restored');

  beforeAll(async () => {
    const run = await runCli(RESTORE_CLI, [archive], target());
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Sitio restaurado en DATA_DIR=.+: 2 normativas, 1 orden del día, 1 noticia, 0 banners, 3 usuarios; \d+ archivos/);
    // No ADMIN_EMAIL: the admin must come from the archive.
    restored = await startServer(target());
  }, 120_000);
  afterAll(async () => {
    await restored?.stop();
  });

  it('rebuilds the same site: norms, users, news, agendas and the indexed PDF text', async () => {
    const admin = await login(restored.base, ADMIN);
    expect(admin.status).toBe(200);
    const asesor = await login(restored.base, ASESOR);
    expect(asesor.status).toBe(200);
    expect(await siteSummary(restored.base, admin.token!, asesor.token!)).toEqual(before);
  });

  it('serves every file byte for byte, and the uploads folder is the same', async () => {
    for (const [url, bytes] of site.files) {
      const file = await download(`${restored.base}${url}`);
      expect(file.status, url).toBe(200);
      expect(file.bytes.equals(bytes), url).toBe(true);
    }
    expect(await folderDigest(path.join(target(), 'uploads'))).toEqual(await folderDigest(path.join(root, 'site', 'uploads')));
  });

  it('keeps the server secret: a process PDF link signed before the backup still opens, and new ones are issued', async () => {
    const old = await download(`${restored.base}${site.signedLink}`);
    expect(old.status).toBe(200);
    expect(old.bytes.equals(site.processPdf)).toBe(true);
    expect(await fs.readFile(path.join(target(), '.app-secret'), 'utf8')).toBe(await fs.readFile(path.join(root, 'site', '.app-secret'), 'utf8'));
    // A fresh PostgreSQL password, not the old site's.
    expect(await fs.readFile(path.join(target(), '.postgres-password'), 'utf8')).not.toBe(await fs.readFile(path.join(root, 'site', '.postgres-password'), 'utf8'));

    const asesor = (await login(restored.base, ASESOR)).token!;
    const detail = await api<{ pdf_process: string }>(restored.base, `/regulations/${site.approvedId}`, { token: asesor });
    const fresh = await download(`${restored.base}${detail.body.pdf_process}`);
    expect(fresh.status).toBe(200);
    expect(fresh.bytes.equals(site.processPdf)).toBe(true);
  });

  it('continues the numbering: a new norm gets the next id and Cargo N°, a new user is created', async () => {
    const asesor = (await login(restored.base, ASESOR)).token!;
    const created = await api<{ id: number; cargo: number }>(restored.base, '/regulations', {
      method: 'POST',
      token: asesor,
      body: multipartForm({ type: 'resolution', subject: 'Después de la restauración', authors: ['Ana Rodríguez'] }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.id).toBe(Math.max(...before.regulationRows.map((row) => row.id)) + 1);
    expect(created.body.cargo).toBe(Math.max(...before.regulationRows.map((row) => row.cargo)) + 1);
    const admin = (await login(restored.base, ADMIN)).token!;
    const user = await api(restored.base, '/users', {
      method: 'POST',
      token: admin,
      body: JSON.stringify({ name: 'Nueva', last_name: 'Cuenta', email: 'nueva@concejo.test', email_confirmation: 'nueva@concejo.test', password: 'Cuenta-Nueva-2026', password_confirmation: 'Cuenta-Nueva-2026', role: 'user' }),
    });
    expect(user.status, JSON.stringify(user.body)).toBe(201);
  });

  it('refuses a DATA_DIR that is not empty, in one line, and leaves it as it was', async () => {
    const run = await runCli(RESTORE_CLI, [archive], path.join(root, 'site'));
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^No se pudo restaurar la copia: DATA_DIR \(.+\) no está vacía \(tiene .*postgres.*\): .+\.\n$/);
    expect((await fs.readdir(path.join(root, 'site'))).sort()).toEqual(['.app-secret', '.postgres-password', 'backups', 'postgres', 'tmp', 'uploads']);
  });

  it('refuses a damaged archive and leaves the new DATA_DIR empty', { timeout: 60_000 }, async () => {
    const whole = await fs.readFile(archive);
    const damaged = path.join(root, 'damaged.tar.gz');
    await fs.writeFile(damaged, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const run = await runCli(RESTORE_CLI, [damaged], path.join(root, 'from-damaged'));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^No se pudo restaurar la copia: .+damaged\.tar\.gz está dañado o no es una copia de seguridad .+\.\n$/);
    expect(await fs.readdir(path.join(root, 'from-damaged')).catch(() => [])).toEqual([]);

    const missing = await runCli(RESTORE_CLI, [path.join(root, 'no-such.tar.gz')], path.join(root, 'from-damaged'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(`No se pudo restaurar la copia: no existe el archivo ${path.join(root, 'no-such.tar.gz')}.\n`);
  });
});
