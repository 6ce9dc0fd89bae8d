import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { createTestDatabase } from '../test/harness.js';
import { addJob, createJobQueue, type JobHandlers, type JobQueue } from './queue.js';

/**
 * The durable queue on a real PostgreSQL: what a job promises (it exists only if its transaction
 * commits, runs once however many instances there are, is retried, survives the death of the
 * instance running it).
 */

const silent = pino({ level: 'silent' });
let db: Database;
const queues: JobQueue[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(queues.map((queue) => queue.stop()));
  await db.$client.end();
});

/** Every kind of job doing nothing. */
const IDLE_HANDLERS: JobHandlers = {
  'password-reset-mail': async () => undefined,
  'verification-mail': async () => undefined,
  'extract-text': async () => undefined,
  'ocr-text': async () => undefined,
  'subscription-confirm-mail': async () => undefined,
  'alerts-digest': async () => undefined,
  'alert-mail': async () => undefined,
  'legal-force-day': async () => undefined,
};

/** A queue whose mail jobs call `onMail`; the other kinds do nothing. */
function queueWith(onMail: JobHandlers['password-reset-mail'], concurrency = 2): JobQueue {
  const queue = createJobQueue({
    db,
    log: silent,
    concurrency,
    handlers: { ...IDLE_HANDLERS, 'password-reset-mail': onMail },
  });
  queues.push(queue);
  return queue;
}
const jobsLeft = async () => Number((await db.execute<{ count: string }>(sql`select count(*) from graphile_worker.jobs`)).rows[0]!.count);

describe('the job queue', () => {
  it('runs a job queued in a transaction that commits, never one whose transaction rolls back', async () => {
    const ran: number[] = [];
    const queue = queueWith(async ({ userId }) => void ran.push(userId));
    await queue.start();
    await db.transaction(async (tx) => addJob(tx, 'password-reset-mail', { userId: 1 }));
    await db
      .transaction(async (tx) => {
        await addJob(tx, 'password-reset-mail', { userId: 2 });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await queue.idle();
    expect(ran).toEqual([1]);
    await queue.stop();
  });

  it('runs each of 300 jobs exactly once with two instances taking them together', { timeout: 60_000 }, async () => {
    const runs = new Map<number, string[]>();
    const handler = (instance: string) => async ({ userId }: { userId: number }) => {
      runs.set(userId, [...(runs.get(userId) ?? []), instance]);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
    };
    const [first, second] = [queueWith(handler('a'), 3), queueWith(handler('b'), 3)];
    await db.transaction(async (tx) => {
      for (let userId = 1000; userId < 1300; userId += 1) await addJob(tx, 'password-reset-mail', { userId });
    });
    await Promise.all([first.start(), second.start()]);
    await first.idle();
    expect(runs.size).toBe(300);
    expect([...runs.values()].filter((instances) => instances.length !== 1)).toEqual([]);
    const byInstance = [...runs.values()].flat();
    // Both took a share (each polls and is woken by NOTIFY).
    expect(byInstance.filter((instance) => instance === 'a').length).toBeGreaterThan(0);
    expect(byInstance.filter((instance) => instance === 'b').length).toBeGreaterThan(0);
    await Promise.all([first.stop(), second.stop()]);
  });

  it('tries a failing job again with backoff until it succeeds', { timeout: 30_000 }, async () => {
    const tries: number[] = [];
    const queue = queueWith(async () => {
      tries.push(Date.now());
      if (tries.length < 3) throw new Error('mail server down');
    });
    await queue.start();
    await addJob(db, 'password-reset-mail', { userId: 7 });
    await queue.idle();
    expect(tries).toHaveLength(3);
    // e^1 ≈ 2.7 s, then e^2 ≈ 7.4 s between tries.
    expect(tries[1]! - tries[0]!).toBeGreaterThan(2_000);
    expect(tries[2]! - tries[1]!).toBeGreaterThan(tries[1]! - tries[0]!);
    expect(await jobsLeft()).toBe(0);
    await queue.stop();
  });

  it('runs a job that lost the database again as soon as the database answers, without a backoff', { timeout: 30_000 }, async () => {
    const attempts: number[] = [];
    const queue = queueWith(async (_payload, job) => {
      attempts.push(job.attempts);
      if (attempts.length < 3) throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    });
    await queue.start();
    await addJob(db, 'password-reset-mail', { userId: 8 });
    await queue.idle();
    // Three runs within graphile-worker's first attempt: none of them waited e^n seconds.
    expect(attempts).toEqual([1, 1, 1]);
    expect(await jobsLeft()).toBe(0);
    await queue.stop();
  });

  it('runs again, on another instance, a job whose instance was killed while running it', { timeout: 60_000 }, async () => {
    await addJob(db, 'password-reset-mail', { userId: 99 });
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../test/fixtures/queue-child.ts', import.meta.url)), db.$client.options.connectionString!], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await expect.poll(() => output, { timeout: 30_000, interval: 50 }).toContain('running {"userId":99}');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(Number((await db.execute<{ count: string }>(sql`select count(*) from graphile_worker.jobs where locked_by is not null`)).rows[0]!.count)).toBe(1);

    const ran: number[] = [];
    const survivor = queueWith(async ({ userId }) => void ran.push(userId));
    await survivor.start();
    // Handed back within about 10 s of being locked (not graphile-worker's four hours).
    await expect.poll(() => ran, { timeout: 30_000, interval: 100 }).toEqual([99]);
    await survivor.idle();
    await survivor.stop();
  });
});
