// Shared pieces of the benchmarks: a throwaway embedded PostgreSQL with the app's schema, and a load
// loop that measures latency over real HTTP at a given concurrency.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDatabase, type Database } from '../apps/api/src/db/client.js';
import { ensureDatabase } from '../apps/api/src/db/connect.js';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded.js';
import { runMigrations } from '../apps/api/src/db/migrate.js';

export async function withBenchDatabase(work: (db: Database, folder: string, url: string) => Promise<void>): Promise<void> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-bench-'));
  await fs.chmod(folder, 0o755);
  const server = await startEmbeddedPostgres(path.join(folder, 'postgres'));
  try {
    await ensureDatabase(server.url(), 'bench');
    const db = createDatabase(server.url('bench'), { max: 20 });
    try {
      await runMigrations(db);
      await work(db, folder, server.url('bench'));
    } finally {
      await db.$client.end();
    }
  } finally {
    await server.stop();
    await fs.rm(folder, { recursive: true, force: true });
  }
}

export interface Measurement {
  median: number;
  p95: number;
  perSecond: number;
  status: number;
  total: number;
}

/** `requests` GETs of `url` by `concurrency` clients at once, after a warm-up of 10. */
export async function measure(url: string, options: { requests: number; concurrency: number; headers?: Record<string, string> }): Promise<Measurement> {
  const get = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: options.headers });
    const body = (await response.json()) as { total?: number };
    return { ms: performance.now() - started, status: response.status, total: body.total ?? 0 };
  };
  for (let i = 0; i < 10; i += 1) await get();
  const times: number[] = [];
  let next = 0;
  let status = 200;
  let total = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (next < options.requests) {
        next += 1;
        const result = await get();
        if (result.status !== 200) status = result.status;
        total = result.total;
        times.push(result.ms);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)]!,
    p95: times[Math.floor(times.length * 0.95)]!,
    perSecond: times.length / seconds,
    status,
    total,
  };
}

/**
 * Latency of `url` measured by wrk (Debian's package) from its own process: `connections` clients for
 * `seconds`. wrk reports no p95 by itself; a Lua `done` hook prints it.
 */
export async function measureWithWrk(url: string, options: { connections: number; seconds: number }): Promise<Measurement> {
  const { execFile } = await import('node:child_process');
  const script = path.join(os.tmpdir(), 'concejo-bench-wrk.lua');
  await fs.writeFile(
    script,
    `done = function(summary, latency, requests)
  io.write(string.format("RESULT %f %f %f %d %d\\n", latency:percentile(50) / 1000, latency:percentile(95) / 1000,
    summary.requests / (summary.duration / 1000000), summary.requests, summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.timeout))
end
`,
  );
  const threads = Math.min(2, options.connections);
  const output = await new Promise<string>((resolve, reject) =>
    execFile('wrk', [`-t${threads}`, `-c${options.connections}`, `-d${options.seconds}s`, '-s', script, url], (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    ),
  );
  const match = output.match(/RESULT ([\d.]+) ([\d.]+) ([\d.]+) (\d+) (\d+)/);
  if (!match) throw new Error(`wrk said: ${output}`);
  return { median: Number(match[1]), p95: Number(match[2]), perSecond: Number(match[3]), status: Number(match[5]) === 0 ? 200 : 500, total: Number(match[4]) };
}

/** Resolves when `url` answers 2xx (the built server in its own process); a minute at most. */
export async function waitForServer(url: string): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start; run npm run build first');
}
