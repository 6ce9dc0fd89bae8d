import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Bytes `start` to `end` of a file, both included (as HTTP's Range counts them). */
export interface ByteRange {
  start: number;
  end: number;
}

/** A stored file's bytes (all, or the range asked for) and the whole file's size. */
export interface StoredFile {
  stream: Readable;
  size: number;
}

/**
 * Where uploaded files live. Keys are server-made (`<folder>/<uuid>.<ext>`), never a client's file
 * name. The local disk (lib/storage.ts) or an S3-compatible bucket (lib/s3-storage.ts).
 */
export interface Storage {
  /** Stores the bytes under a new key, streamed when they come as a stream; a reader never sees half a file. */
  put(folder: string, extension: string, content: Buffer | Readable): Promise<string>;
  /** Stores the bytes under a key given (a restore, a copy from another storage), replacing what it held. */
  putAt(key: string, content: Buffer | Readable): Promise<void>;
  /** The file's size, or undefined when there is none under that key. */
  stat(key: string): Promise<{ size: number } | undefined>;
  read(key: string, range?: ByteRange): Promise<StoredFile | undefined>;
  remove(key: string): Promise<void>;
  /**
   * Every stored file and every half-written one (`.partial`), with when it was last written: for the
   * sweep of files no record uses (orphan-sweep.ts).
   */
  list(): Promise<{ key: string; partial: boolean; modifiedAt: Date }[]>;
  /** Removes a half-written file left by a crash (its name as list() gave it). */
  removePartial(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9-]+\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** `put` of any driver: the content under a new key of its folder (`folder/<uuid>.ext`), answered once stored. */
export function putUnderNewKey(putAt: Storage['putAt']): Storage['put'] {
  return async (folder, extension, content) => {
    const key = `${folder}/${randomUUID()}.${extension}`;
    await putAt(key, content);
    return key;
  };
}

export function createDiskStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(root, key);
  };
  const putAt = async (key: string, content: Buffer | Readable) => {
    const file = resolve(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so that a reader never sees half a file.
    const partial = `${file}.partial`;
    try {
      if (Buffer.isBuffer(content)) await fs.writeFile(partial, content, { mode: 0o640 });
      else await pipeline(content, createWriteStream(partial, { mode: 0o640 }));
      await fs.rename(partial, file);
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
  };
  return {
    put: putUnderNewKey(putAt),
    putAt,
    async stat(key) {
      if (!isStorageKey(key)) return undefined;
      const stat = await fs.stat(resolve(key)).catch(() => undefined);
      return stat?.isFile() ? { size: stat.size } : undefined;
    },
    async read(key, range) {
      if (!isStorageKey(key)) return undefined;
      try {
        const stat = await fs.stat(resolve(key));
        return { stream: createReadStream(resolve(key), range), size: stat.size };
      } catch {
        return undefined;
      }
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async list() {
      const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      const files: { key: string; partial: boolean; modifiedAt: Date }[] = [];
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
        const partial = key.endsWith('.partial');
        if (!isStorageKey(partial ? key.slice(0, -'.partial'.length) : key)) continue;
        const stat = await fs.stat(path.join(root, key)).catch(() => undefined);
        if (stat) files.push({ key, partial, modifiedAt: stat.mtime });
      }
      return files;
    },
    async removePartial(key) {
      if (!key.endsWith('.partial') || !isStorageKey(key.slice(0, -'.partial'.length))) throw new Error(`not a partial file: ${key}`);
      await fs.rm(path.join(root, key), { force: true });
    },
  };
}

/** Settings of an S3-compatible bucket (config.s3). */
export interface BucketSettings {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/**
 * The storage the configuration names: the bucket when S3_BUCKET is set (its client loaded only
 * then), otherwise the local folder.
 */
export async function createConfiguredStorage(config: { uploadsDir: string; s3?: BucketSettings }): Promise<Storage> {
  if (!config.s3) return createDiskStorage(config.uploadsDir);
  const { createS3Storage } = await import('./s3-storage.js');
  return createS3Storage(config.s3);
}
