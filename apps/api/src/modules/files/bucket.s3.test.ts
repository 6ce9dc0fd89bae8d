import { CreateMultipartUploadCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalPdf } from '../../lib/minimal-pdf.js';
import { createS3Storage } from '../../lib/s3-storage.js';
import type { Storage } from '../../lib/storage.js';
import { buildLoggedInUser } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { multipartForm } from '../../test/multipart.js';
import { createTestBucket, testS3Client } from '../../test/s3-bucket.js';
import { sweepOrphanFiles } from './orphan-sweep.js';
import { createFileRepository } from './repository.js';

// The whole site with its files in a bucket of a real S3 server (S3_BUCKET set), as several
// instances behind a balancer run it.
let ctx: TestContext;
let bucket: Awaited<ReturnType<typeof createTestBucket>>;
let objects: Storage;
let headers: { authorization: string };

beforeAll(async () => {
  bucket = await createTestBucket();
  objects = createS3Storage(bucket.settings);
  ctx = await createTestApp({ s3: bucket.settings });
  ({ headers } = await buildLoggedInUser(ctx.app, ctx.db, 'admin'));
});
afterAll(async () => {
  await ctx.close();
  await bucket.remove();
});

const keysInBucket = async () => (await objects.list()).filter((file) => !file.partial).map((file) => file.key);
const keyOf = (url: string) => /\/files\/(.+?)(\?|$)/.exec(url)![1]!;

describe('a site whose files live in an S3 bucket', () => {
  it('stores a norm PDFs in the bucket, sends them whole and by range, and finds the words inside them', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/regulations',
      headers,
      payload: multipartForm(
        { type: 'ordinance', state: 'approved', number: 9100, subject: 'Ordenanza guardada en el bucket', authors: ['Ana Rodríguez'] },
        { pdf_approved: minimalPdf(['Arbolado de la plaza Mitre']), pdf_process: minimalPdf(['Proyecto de arbolado']) },
      ),
    });
    expect(created.statusCode).toBe(201);
    const { pdf_approved: approved, pdf_process: process } = created.json();
    expect(await keysInBucket()).toEqual(expect.arrayContaining([keyOf(approved), keyOf(process)]));

    const whole = await ctx.app.inject({ url: approved });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/pdf');
    const part = await ctx.app.inject({ url: approved, headers: { range: 'bytes=0-4' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-4/${whole.rawPayload.length}`);
    expect(part.body).toBe('%PDF-');
    expect((await ctx.app.inject({ url: process })).body.startsWith('%PDF-')).toBe(true);

    // The background reading of the PDF's text reads it from the bucket too.
    await ctx.app.jobs.idle();
    const found = await ctx.app.inject({ url: '/api/v1/regulations/published?search=Mitre' });
    expect(found.json().data.map((row: { id: number }) => row.id)).toEqual([created.json().id]);
  });

  it('removes a replaced PDF and a deleted norm PDF from the bucket', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/regulations',
      headers,
      payload: multipartForm({ type: 'ordinance', state: 'approved', number: 9101, subject: 'Ordenanza que cambia de PDF', authors: ['Ana Rodríguez'] }, { pdf_approved: minimalPdf(['Primera versión']) }),
    });
    const first = keyOf(created.json().pdf_approved);
    const replaced = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/regulations/${created.json().id}`,
      headers,
      payload: multipartForm({ changes: JSON.stringify({}), version: created.json().version }, { pdf_approved: minimalPdf(['Segunda versión']) }),
    });
    expect(replaced.statusCode).toBe(200);
    const second = keyOf(replaced.json().pdf_approved);
    expect(second).not.toBe(first);
    expect(await keysInBucket()).toContain(second);
    expect(await keysInBucket()).not.toContain(first);

    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/old-regulations',
      headers,
      payload: multipartForm({ date: '1994-03-01', type: 'ordinance', number: 77, keywords: ['bucket'] }, { pdf: minimalPdf(['Ordenanza de 1994']) }),
    });
    expect(old.statusCode).toBe(201);
    const key = keyOf(old.json().pdf_approved);
    expect(await keysInBucket()).toContain(key);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v1/old-regulations/${old.json().id}`, headers })).statusCode).toBe(200);
    expect(await keysInBucket()).not.toContain(key);
    expect((await ctx.app.inject({ url: old.json().pdf_approved })).statusCode).toBe(404);
  });

  it('sweeps from the bucket what a crash left: objects no record names and uploads never completed', async () => {
    const referenced = await keysInBucket();
    const orphan = await objects.put('regulations-approved', 'pdf', minimalPdf(['Huérfano']));
    await testS3Client(bucket.settings).send(new CreateMultipartUploadCommand({ Bucket: bucket.settings.bucket, Key: 'news/22222222-2222-4222-8222-222222222222.webp' }));
    // Everything up to now, and a second more: Swift gives an upload's start to the second, rounded up.
    const swept = await sweepOrphanFiles({ storage: objects, repository: createFileRepository(ctx.db), log: ctx.app.log, graceMs: -1_000 });
    expect(swept).toEqual({ partial: 1, unreferenced: 1 });
    expect((await keysInBucket()).sort()).toEqual(referenced.sort());
    expect(await objects.stat(orphan)).toBeUndefined();
  });
});
