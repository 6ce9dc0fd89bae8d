import { createHash } from 'node:crypto';
import type { Storage } from '../lib/storage.js';

export interface MigrationReport {
  /** Files written to the target (missing there, or different). */
  copied: number;
  /** Files the target already held, byte for byte. */
  present: number;
  /** Bytes of every file, copied or not. */
  bytes: number;
}

/** Files copied at once: enough to keep a remote bucket busy, few enough for a small server. */
const CONCURRENCY = 4;

async function digestOf(storage: Storage, key: string): Promise<string | undefined> {
  const file = await storage.read(key);
  if (!file) return undefined;
  const hash = createHash('sha256');
  for await (const chunk of file.stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Copies every file of `from` into `to` under the same key (the records name files by key) and
 * verifies each one by its SHA-256 read back from `to`: a file the target holds already is not
 * copied again, so an interrupted run is simply run again. Throws naming the files that differ.
 */
export async function migrateStorage(from: Storage, to: Storage, onProgress: (done: number, total: number) => void = () => {}): Promise<MigrationReport> {
  const files = (await from.list()).filter((file) => !file.partial);
  const report: MigrationReport = { copied: 0, present: 0, bytes: 0 };
  const failed: string[] = [];
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < files.length) {
      const { key } = files[next++]!;
      const source = await digestOf(from, key);
      // Removed from the source since it was listed (the site runs): nothing to copy.
      if (source === undefined) continue;
      const size = (await from.stat(key))?.size ?? 0;
      report.bytes += size;
      if ((await digestOf(to, key)) === source) {
        report.present += 1;
      } else {
        const file = await from.read(key);
        if (file) await to.putAt(key, file.stream);
        if ((await digestOf(to, key)) === source) report.copied += 1;
        else failed.push(key);
      }
      onProgress((done += 1), files.length);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (failed.length > 0) {
    throw new Error(`${failed.length} archivos no quedaron iguales en el destino (${failed.slice(0, 3).join(', ')}${failed.length > 3 ? ', ...' : ''}); vuelva a ejecutar el comando`);
  }
  return report;
}
