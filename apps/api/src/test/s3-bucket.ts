import { randomBytes } from 'node:crypto';
import { CreateBucketCommand, DeleteBucketCommand, DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import type { BucketSettings } from '../lib/storage.js';

/** The run's S3 server, which only the api-s3 project starts (vitest.s3.config.ts: files named *.s3.test.ts). */
function runServer(): BucketSettings {
  const settings = inject('s3');
  if (!settings) throw new Error('No S3 server in this project: a test that uses one is named *.s3.test.ts (apps/api/vitest.s3.config.ts)');
  return settings;
}

/** A client of the run's S3 server, for what a test does beside the app (make a bucket, start an upload). */
export function testS3Client(settings: BucketSettings = runServer()) {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** A fresh bucket of the test's own on the run's S3 server (no other test sees its files), and its removal. */
export async function createTestBucket(): Promise<{ settings: BucketSettings; remove: () => Promise<void> }> {
  const base = runServer();
  const settings = { ...base, bucket: `concejo-${randomBytes(6).toString('hex')}` };
  const client = testS3Client(settings);
  await client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
  return {
    settings,
    remove: async () => {
      for (;;) {
        const page = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket }));
        if (!page.Contents?.length) break;
        for (const object of page.Contents) await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: object.Key }));
      }
      await client.send(new DeleteBucketCommand({ Bucket: settings.bucket }));
      client.destroy();
    },
  };
}
