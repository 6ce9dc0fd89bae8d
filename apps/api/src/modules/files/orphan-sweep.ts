import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../../lib/storage.js';
import type { FileRepository } from './repository.js';

/** A file younger than this may belong to a write still in progress (stored before its commit). */
export const ORPHAN_GRACE_MS = 60 * 60_000;

/**
 * Removes what a crash can leave in the storage: half-written `.partial` files, and files no record
 * uses (stored for a write whose transaction never committed, or replaced while the server died
 * before removing the old one). Only files older than the grace period, so that a write in progress
 * keeps its file. Safe with several instances: removing is idempotent and nothing referenced goes.
 */
export async function sweepOrphanFiles(deps: { storage: Storage; repository: FileRepository; log: FastifyBaseLogger; graceMs?: number }) {
  const { storage, repository, log } = deps;
  // Wall-clock time, as the files' modification times are.
  const before = Date.now() - (deps.graceMs ?? ORPHAN_GRACE_MS);
  // The files first, then the references: a file stored (and committed) in between is referenced.
  const files = (await storage.list()).filter((file) => file.modifiedAt.getTime() < before);
  if (files.length === 0) return { partial: 0, unreferenced: 0 };
  const referenced = await repository.referencedKeys();
  let partial = 0;
  let unreferenced = 0;
  for (const file of files) {
    if (file.partial) {
      await storage.removePartial(file.key);
      partial += 1;
    } else if (!referenced.has(file.key)) {
      await storage.remove(file.key);
      unreferenced += 1;
    }
  }
  if (partial + unreferenced > 0) log.warn({ partial, unreferenced }, 'removed files no record uses');
  return { partial, unreferenced };
}
