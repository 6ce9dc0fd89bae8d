import fs from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../../lib/storage.js';
import { buildLoggedInUser } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { imageForm, sampleImage } from '../../test/images.js';
import { multipartForm, samplePdf } from '../../test/multipart.js';
import { sweepOrphanFiles } from './orphan-sweep.js';
import { createFileRepository } from './repository.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const twoHoursAgo = () => new Date(Date.now() - 2 * 3600_000);
async function age(file: string) {
  await fs.utimes(file, twoHoursAgo(), twoHoursAgo());
}
async function storedFiles(): Promise<string[]> {
  const entries = await fs.readdir(ctx.uploadsDir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(ctx.uploadsDir, path.join(entry.parentPath, entry.name))).sort();
}

describe('the sweep of files no record uses', () => {
  it('removes old orphans and half-written files, keeps every file a record uses and every recent one', async () => {
    const admin = (await buildLoggedInUser(ctx.app, ctx.db, 'admin')).headers;
    const cm = (await buildLoggedInUser(ctx.app, ctx.db, 'cm')).headers;
    const norm = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/regulations',
      headers: admin,
      payload: multipartForm({ type: 'ordinance', state: 'approved', number: 77, subject: 'Con PDF', authors: ['Ana'] }, { pdf_approved: samplePdf(), pdf_process: samplePdf('proyecto') }),
    });
    expect(norm.statusCode).toBe(201);
    const photo = { content: await sampleImage('jpeg', 1200, 600), name: 'f.jpg' };
    const pasted = (await sampleImage('png', 300, 200)).toString('base64');
    const news = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/news',
      headers: cm,
      payload: imageForm({ status: 1, type: 'new', title: 'Con fotos', description: `<p>x</p><p><img src="data:image/png;base64,${pasted}"></p>` }, { image: photo }),
    });
    expect(news.statusCode).toBe(201);
    // A despacho's PDF, kept on a step of the norm's trámite.
    const despacho = await ctx.app.inject({ method: 'POST', url: `/api/v1/regulations/${norm.json().id}/actions`, headers: admin, payload: { kind: 'despacho', date: '2026-03-02', committee: 'obras', majority: 'mayoria' } });
    expect(despacho.statusCode, despacho.body).toBe(201);
    const stepPdf = await ctx.app.inject({ method: 'PUT', url: `/api/v1/regulations/${norm.json().id}/actions/${despacho.json().id}/pdf`, headers: admin, payload: multipartForm({}, { pdf: samplePdf('dictamen') }) });
    expect(stepPdf.statusCode, stepPdf.body).toBe(200);
    const used = await storedFiles();
    expect(used.length).toBeGreaterThanOrEqual(6);
    expect(used.some((file) => file.startsWith('regulation-steps/'))).toBe(true);

    // What a crash leaves: a file stored for a write that never committed, and a half-written one.
    const storage = createDiskStorage(ctx.uploadsDir);
    const orphan = await storage.put('regulations-approved', 'pdf', samplePdf('huérfano'));
    const partial = path.join(ctx.uploadsDir, 'news', '11111111-1111-1111-1111-111111111111.webp.partial');
    await fs.writeFile(partial, 'medio escrito');
    for (const file of [...used, orphan, path.relative(ctx.uploadsDir, partial)]) await age(path.join(ctx.uploadsDir, file));
    // And a file of a write still in progress: recent, so it stays.
    const inProgress = await storage.put('regulations-process', 'pdf', samplePdf('en curso'));

    const result = await sweepOrphanFiles({ storage, repository: createFileRepository(ctx.db), log: pino({ level: 'silent' }) });
    expect(result).toEqual({ partial: 1, unreferenced: 1 });
    expect(await storedFiles()).toEqual([...used, inProgress].sort());
    // The records' files are all still served.
    for (const url of [norm.json().pdf_approved as string, news.json().image as string, stepPdf.json().pdf as string]) expect((await ctx.app.inject({ url })).statusCode).toBe(200);
  });
});
