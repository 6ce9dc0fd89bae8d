import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../lib/s3-storage.js';
import { createDiskStorage, type Storage } from '../lib/storage.js';
import { createTestBucket } from '../test/s3-bucket.js';
import { migrateStorage } from './storage-migrate.js';

let root: string;
let disk: Storage;
let bucket: Awaited<ReturnType<typeof createTestBucket>>;
let s3: Storage;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-migrate-'));
  disk = createDiskStorage(root);
  bucket = await createTestBucket();
  s3 = createS3Storage(bucket.settings);
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
  await bucket.remove();
});

const bytesOf = async (storage: Storage, key: string) => {
  const chunks: Buffer[] = [];
  for await (const chunk of (await storage.read(key))!.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('npm run storage:migrate (migrateStorage)', () => {
  it('copies every file of the disk into the bucket under its key, verifies each, and copies nothing twice', async () => {
    const pdf = randomBytes(12 * 1024 * 1024);
    const keys = [await disk.put('regulations-approved', 'pdf', pdf), await disk.put('banners', 'webp', randomBytes(3000)), await disk.put('news', 'png', randomBytes(10))];
    // A run cut short left one file in the bucket, and another one there differs (same key, other bytes).
    await s3.putAt(keys[1]!, await bytesOf(disk, keys[1]!));
    await s3.putAt(keys[2]!, randomBytes(10));
    await fs.writeFile(path.join(root, 'news', 'a-medias.partial'), 'x');

    const report = await migrateStorage(disk, s3);
    expect(report).toEqual({ copied: 2, present: 1, bytes: pdf.length + 3000 + 10 });
    for (const key of keys) expect((await bytesOf(s3, key)).equals(await bytesOf(disk, key))).toBe(true);
    expect((await s3.list()).map((file) => file.key).sort()).toEqual([...keys].sort());

    expect(await migrateStorage(disk, s3)).toEqual({ copied: 0, present: 3, bytes: pdf.length + 3000 + 10 });
  });
});
