import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CreateMultipartUploadCommand, ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBucket, testS3Client } from '../test/s3-bucket.js';
import { createS3Storage } from './s3-storage.js';
import { createDiskStorage, type Storage } from './storage.js';

const MB = 1024 * 1024;

/** `size` bytes as a stream of 64 KB chunks made as they are read, never all at once. */
function generated(size: number, seed: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      const length = Math.min(64 * 1024, size - sent);
      this.push(Buffer.alloc(length, (seed + sent / (64 * 1024)) % 251));
      sent += length;
    },
  });
}

const digest = async (stream: Readable) => {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

const text = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

// The same behaviour from the local folder and from a bucket on a real S3 server (Swift's s3api).
describe.each([
  {
    name: 'the local folder',
    make: async () => {
      const root = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-storage-'));
      return {
        storage: createDiskStorage(root),
        leavePartial: async (key: string) => {
          await fs.mkdir(path.dirname(path.join(root, key)), { recursive: true });
          await fs.writeFile(path.join(root, `${key}.partial`), 'half');
        },
        pendingUploads: async () => [],
        cleanUp: () => fs.rm(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'an S3 bucket',
    make: async () => {
      const bucket = await createTestBucket();
      const client = testS3Client(bucket.settings);
      return {
        storage: createS3Storage(bucket.settings),
        // What a crash in the middle of an upload leaves: a multipart upload never completed.
        leavePartial: async (key: string) => void (await client.send(new CreateMultipartUploadCommand({ Bucket: bucket.settings.bucket, Key: key }))),
        pendingUploads: async () => (await client.send(new ListMultipartUploadsCommand({ Bucket: bucket.settings.bucket }))).Uploads ?? [],
        cleanUp: bucket.remove,
      };
    },
  },
])('storage in $name', ({ make }) => {
  let storage: Storage;
  let fixture: Awaited<ReturnType<typeof make>>;
  beforeAll(async () => {
    fixture = await make();
    storage = fixture.storage;
  });
  afterAll(() => fixture.cleanUp());

  it('keeps bytes under a new key of their folder, and gives them back whole or by range', async () => {
    const content = randomBytes(1000);
    const key = await storage.put('regulations-approved', 'pdf', content);
    expect(key).toMatch(/^regulations-approved\/[0-9a-f-]{36}\.pdf$/);
    expect(await storage.stat(key)).toEqual({ size: 1000 });
    const whole = await storage.read(key);
    expect(whole?.size).toBe(1000);
    expect((await text(whole!.stream)).equals(content)).toBe(true);
    const part = await storage.read(key, { start: 10, end: 19 });
    expect(part?.size).toBe(1000);
    expect((await text(part!.stream)).equals(content.subarray(10, 20))).toBe(true);
  });

  it('stores a 12 MB stream as it comes and reads the same bytes back', async () => {
    const key = await storage.put('regulations-process', 'pdf', generated(12 * MB, 7));
    expect(await storage.stat(key)).toEqual({ size: 12 * MB });
    expect(await digest((await storage.read(key))!.stream)).toBe(await digest(generated(12 * MB, 7)));
  });

  it('keeps nothing of a stream that fails half way', async () => {
    let sent = 0;
    const failing = new Readable({
      read() {
        if (sent >= 7 * MB) return void this.destroy(new Error('the client went away'));
        sent += MB;
        this.push(Buffer.alloc(MB, 1));
      },
    });
    const before = (await storage.list()).length;
    await expect(storage.put('news', 'webp', failing)).rejects.toThrow();
    expect((await storage.list()).length).toBe(before);
    // A bucket keeps no parts of an upload that failed.
    expect(await fixture.pendingUploads()).toEqual([]);
  });

  it('answers nothing for a key it does not hold or that is not a key, and removes a file for good', async () => {
    expect(await storage.read('banners/00000000-0000-4000-8000-000000000000.webp')).toBeUndefined();
    expect(await storage.stat('banners/00000000-0000-4000-8000-000000000000.webp')).toBeUndefined();
    expect(await storage.read('../../etc/passwd')).toBeUndefined();
    const key = await storage.put('banners', 'webp', Buffer.from('imagen'));
    await storage.remove(key);
    await storage.remove(key);
    expect(await storage.read(key)).toBeUndefined();
  });

  it('lists its files with their time, and what a crash left half written, which removePartial clears', async () => {
    const key = await storage.put('contact', 'png', Buffer.from('contacto'));
    const crashed = 'day-orders/11111111-1111-4111-8111-111111111111.pdf';
    await fixture.leavePartial(crashed);
    const listed = await storage.list();
    const file = listed.find((entry) => entry.key === key);
    expect(file?.partial).toBe(false);
    expect(Math.abs(file!.modifiedAt.getTime() - Date.now())).toBeLessThan(5 * 60_000);
    const partial = listed.find((entry) => entry.partial);
    expect(partial?.key).toBe(`${crashed}.partial`);
    await storage.removePartial(partial!.key);
    expect((await storage.list()).some((entry) => entry.partial)).toBe(false);
    await expect(storage.removePartial(key)).rejects.toThrow();
  });
});
