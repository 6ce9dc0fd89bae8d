import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Keys are server-made (`<folder>/<uuid>.<ext>`), never a client's file
 * name. Local disk today; an S3-compatible bucket implements the same interface.
 */
export interface Storage {
  put(folder: string, extension: string, content: Buffer): Promise<string>;
  read(key: string): Promise<{ stream: Readable; size: number } | undefined>;
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

export function createDiskStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(folder, extension, content) {
      const key = `${folder}/${randomUUID()}.${extension}`;
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so that a reader never sees half a file.
      const partial = `${file}.partial`;
      await fs.writeFile(partial, content, { mode: 0o640 });
      await fs.rename(partial, file);
      return key;
    },
    async read(key) {
      if (!isStorageKey(key)) return undefined;
      try {
        const stat = await fs.stat(resolve(key));
        return { stream: createReadStream(resolve(key)), size: stat.size };
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
