import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { isStorageKey, putUnderNewKey, type BucketSettings, type ByteRange, type Storage, type StoredFile } from './storage.js';

/** Multipart parts of 5 MiB (S3's smallest but the last): a 20 MB PDF is four parts, one in memory at a time per upload. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTIAL = '.partial';

/**
 * Files in an S3-compatible bucket. A file goes up as a multipart upload streamed part by part, so
 * that no whole file sits in memory; an upload cut short by a crash stays an incomplete multipart
 * upload, which list() reports as a partial file for the orphan sweep to abort.
 */
export function createS3Storage(settings: BucketSettings): Storage {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: S3-compatible servers (Swift, older MinIO) refuse the
    // aws-chunked uploads the SDK would otherwise send.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const checked = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
    return key;
  };
  const missing = (error: unknown) => error instanceof NoSuchKey || error instanceof NotFound || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

  // One part in memory at a time; an upload that fails is aborted, leaving no parts behind.
  const putAt = async (key: string, content: Buffer | Readable) => {
    await new Upload({ client, params: { Bucket, Key: checked(key), Body: content }, partSize: PART_BYTES, queueSize: 1, leavePartsOnError: false }).done();
  };

  return {
    put: putUnderNewKey(putAt),
    putAt,
    async stat(key) {
      if (!isStorageKey(key)) return undefined;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async read(key, range?: ByteRange): Promise<StoredFile | undefined> {
      if (!isStorageKey(key)) return undefined;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
        const total = range ? Number(/\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1]) : (answer.ContentLength ?? 0);
        return { stream: answer.Body as Readable, size: total };
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
    async list() {
      const files: { key: string; partial: boolean; modifiedAt: Date }[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key && isStorageKey(object.Key)) files.push({ key: object.Key, partial: false, modifiedAt: object.LastModified ?? new Date() });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      do {
        const page = await client.send(new ListMultipartUploadsCommand({ Bucket, KeyMarker, UploadIdMarker }));
        for (const upload of page.Uploads ?? []) {
          if (upload.Key && isStorageKey(upload.Key)) files.push({ key: `${upload.Key}${PARTIAL}`, partial: true, modifiedAt: upload.Initiated ?? new Date() });
        }
        [KeyMarker, UploadIdMarker] = page.IsTruncated ? [page.NextKeyMarker, page.NextUploadIdMarker] : [undefined, undefined];
      } while (KeyMarker);
      return files;
    },
    async removePartial(key) {
      const Key = key.endsWith(PARTIAL) ? key.slice(0, -PARTIAL.length) : '';
      if (!isStorageKey(Key)) throw new Error(`not a partial file: ${key}`);
      const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: Key }));
      for (const upload of uploads.Uploads ?? []) {
        if (upload.Key === Key) await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: upload.UploadId }));
      }
    },
  };
}
