import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { isAlive } from './processes.js';

/** An upload written to the spool folder as it arrived: its bytes are on disk, never whole in memory. */
export interface SpooledFile {
  /** A name the server made up in the spool folder; the file goes once the request's handler ends. */
  path: string;
  size: number;
  /** The first bytes (SPOOLED_HEAD_BYTES at most): enough to tell the type without reading the file. */
  head: Buffer;
}

export const SPOOLED_HEAD_BYTES = 1024;
/** A spooled file untouched this long belongs to no request: an upload still arriving writes far more often. */
export const SPOOL_GRACE_MS = 60 * 60_000;

/** `<pid>-<uuid>`: which process wrote it, for the sweep; nothing of the client's. */
const SPOOLED_NAME = /^(\d+)-[0-9a-f-]{36}$/;

/** The files one request spooled; removeAll() once its handler is done with them. */
export interface SpoolSession {
  /** A new, empty file only this user may read (0o600), to write one upload into as it arrives. */
  create(): { path: string; stream: WriteStream };
  /**
   * Removes every file create() made, each once its writing stopped (a file still opening would come
   * back). Never fails: a file it cannot remove is logged, and swept later.
   */
  removeAll(): Promise<void>;
}

/**
 * The folder where uploads too large to hold in memory (PDFs) are written while they arrive
 * (DATA_DIR/tmp/uploads): one file per upload, removed when the request ends; what a crash left is
 * removed at the next start (and by the hourly sweep).
 */
export function createUploadSpool({ folder, log }: { folder: string; log: FastifyBaseLogger }) {
  /**
   * Removes the files no request can be using: written by a process that is gone (its pid runs no
   * more, or is this process's pid but the file is older than this process: a container's pid 1
   * after a restart), or untouched for SPOOL_GRACE_MS (a pid that another program took since).
   * Pids are this machine's: the folder is not shared between machines.
   */
  async function sweep(): Promise<number> {
    const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
    const now = Date.now();
    let removed = 0;
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const file = path.join(folder, entry.name);
      const stat = await fs.stat(file).catch(() => undefined);
      if (!stat || !(ownerGone(entry.name, stat.mtimeMs) || now - stat.mtimeMs > SPOOL_GRACE_MS)) continue;
      await fs.rm(file, { force: true });
      removed += 1;
    }
    return removed;
  }

  return {
    folder,
    /** Makes the folder (0o700) and sweeps what earlier processes left in it: once, at start. */
    async prepare(): Promise<number> {
      await fs.mkdir(folder, { recursive: true, mode: 0o700 });
      return sweep();
    },
    sweep,
    session(): SpoolSession {
      const files: { path: string; stream: WriteStream; closed: Promise<void> }[] = [];
      return {
        create() {
          const file = path.join(folder, `${process.pid}-${randomUUID()}`);
          // 'wx': a new file or an error, never one already there (nor a link planted under that name).
          const stream = createWriteStream(file, { flags: 'wx', mode: 0o600 });
          // The reader reports a failed write; this listener only keeps an error nobody else hears
          // from crashing the process, and brings back a folder someone removed, for the next upload.
          stream.on('error', (error: NodeJS.ErrnoException) => {
            if (error.code === 'ENOENT') void fs.mkdir(folder, { recursive: true, mode: 0o700 }).catch(() => undefined);
          });
          files.push({ path: file, stream, closed: new Promise((resolve) => stream.once('close', resolve)) });
          return { path: file, stream };
        },
        async removeAll() {
          await Promise.all(
            files.splice(0).map(async ({ path: file, stream, closed }) => {
              stream.destroy();
              await closed;
              await fs.rm(file, { force: true }).catch((error: unknown) => log.warn({ err: error, file }, 'could not remove a spooled upload'));
            }),
          );
        },
      };
    },
  };
}

export type UploadSpool = ReturnType<typeof createUploadSpool>;

function ownerGone(name: string, modifiedMs: number): boolean {
  const pid = Number(SPOOLED_NAME.exec(name)?.[1]);
  if (!pid) return false;
  if (pid === process.pid) return modifiedMs < performance.timeOrigin;
  return !isAlive(pid);
}
