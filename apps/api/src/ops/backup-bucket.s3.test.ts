import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { createDatabase, type Database } from '../db/client.js';
import { ensureDatabase } from '../db/connect.js';
import { runMigrations } from '../db/migrate.js';
import { createS3Storage } from '../lib/s3-storage.js';
import { buildLoggedInUser } from '../test/factories.js';
import { createTestApp, TestClock, type TestContext } from '../test/harness.js';
import { multipartForm, samplePdf } from '../test/multipart.js';
import { createTestBucket } from '../test/s3-bucket.js';
import { createBackup } from './backup.js';
import { restoreBackup } from './restore.js';

// A site whose files live in a bucket (S3_BUCKET): the backup downloads them into the archive, and a
// restore puts them into the bucket the restored site names.
const SECRET = 'test-secret-test-secret-test-secret!';
let root: string;
let source: TestContext;
let from: Awaited<ReturnType<typeof createTestBucket>>;
let into: Awaited<ReturnType<typeof createTestBucket>>;
let restoredDb: Database | undefined;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-backup-bucket-'));
  from = await createTestBucket();
  into = await createTestBucket();
  source = await createTestApp({ appSecret: SECRET, s3: from.settings });
});
afterAll(async () => {
  await restoredDb?.$client.end();
  await source.close();
  await from.remove();
  await into.remove();
  await fs.rm(root, { recursive: true, force: true });
});

describe('backups of a site whose files live in a bucket', () => {
  it('keep the bucket files in the archive, and a restore puts them in the new site bucket', async () => {
    const { headers } = await buildLoggedInUser(source.app, source.db, 'asesor');
    const created = await source.app.inject({
      method: 'POST',
      url: '/api/v1/regulations',
      headers,
      payload: multipartForm({ type: 'ordinance', state: 'approved', number: 88, subject: 'Guardada en el bucket', authors: ['Ana Rodríguez'] }, { pdf_approved: samplePdf('Ordenanza 88') }),
    });
    expect(created.statusCode).toBe(201);
    const key = /\/files\/(.+)$/.exec(created.json().pdf_approved)![1]!;

    const archive = path.join(root, 'site.tar.gz');
    const sourceUrl = source.db.$client.options.connectionString!;
    const { manifest } = await createBackup({ databaseUrl: sourceUrl, dataDir: path.join(root, 'source'), uploadsDir: path.join(root, 'source', 'uploads'), appSecret: SECRET, s3: from.settings }, archive);
    expect(manifest.files.map((file) => file.key)).toEqual([key]);
    const entries: string[] = [];
    await tar.list({ file: archive, onReadEntry: (entry) => void entries.push(entry.path) });
    expect(entries).toContain(`uploads/${key}`);

    const url = new URL(inject('postgresUrl'));
    const name = `restore_${randomBytes(6).toString('hex')}`;
    await ensureDatabase(url.toString(), name);
    url.pathname = `/${name}`;
    const dataDir = path.join(root, 'restored');
    await restoreBackup({ databaseUrl: url.toString(), dataDir, uploadsDir: path.join(dataDir, 'uploads'), appSecret: undefined, s3: into.settings }, archive);
    expect(await createS3Storage(into.settings).stat(key)).toEqual(await createS3Storage(from.settings).stat(key));
    await expect(fs.readdir(path.join(dataDir, 'uploads'))).rejects.toThrow();

    restoredDb = createDatabase(url.toString(), { max: 2 });
    await runMigrations(restoredDb);
    const app = await buildApp({ config: testConfig({ appSecret: SECRET, s3: into.settings }), db: restoredDb, clock: new TestClock() });
    try {
      const pdf = await app.inject({ url: created.json().pdf_approved });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload).toEqual((await source.app.inject({ url: created.json().pdf_approved })).rawPayload);
    } finally {
      await app.close();
    }
  });
});
