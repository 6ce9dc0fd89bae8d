import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { closingStep } from '../lib/slow-steps.js';
import { sql } from 'drizzle-orm';
import { Logger, run, runMigrations as installQueue, type Job, type Runner, type TaskList, type WorkerEvents } from 'graphile-worker';
import pg from 'pg';
import type { Database } from '../db/client.js';
import { isDatabaseUnavailable } from '../db/errors.js';

/**
 * Durable background work (DESIGN.md section 6), on graphile-worker: jobs are rows in PostgreSQL
 * (schema `graphile_worker`), added in the same transaction as the change that causes them, taken
 * with SKIP LOCKED (one instance per job), retried with exponential backoff, woken by LISTEN/NOTIFY.
 *
 * What graphile-worker does not know is whether the instance holding a job is still alive: a job
 * locked by a killed process would wait four hours. So each instance holds a session-level advisory
 * lock named after its worker pool for as long as it lives; PostgreSQL lets go of it when the
 * process's connection dies. At start and every 10 s, jobs locked for more than 10 s by a pool whose
 * lock is free are handed back (`force_unlock_workers`) and run again.
 */

/** Every kind of job and its payload: ids and intents only, never a secret or a link. */
export interface JobPayloads {
  /** E-mail a fresh password reset link to this account. */
  'password-reset-mail': { userId: number };
  /** E-mail a fresh verification link to this account. */
  'verification-mail': { userId: number };
  /** Read the text of this regulation's PDFs into the search. */
  'extract-text': { regulationId: number };
  /** Read it with the OCR of its scans: one such job at a time (queue 'ocr'), never holding the others. */
  'ocr-text': { regulationId: number };
  /** E-mail a fresh confirmation link for this citizen's subscription. */
  'subscription-confirm-mail': { subscriptionId: number };
  /** Recompute the stored legal force of the norms whose force depends on the day (a suspension ending, a term). */
  'legal-force-day': Record<string, never>;
  /** Match the events since the last digest against the subscriptions; queue one alert-mail per address. */
  'alerts-digest': Record<string, never>;
  /** E-mail one address (by its sha256) its digest: what each of its subscriptions has to tell. */
  'alert-mail': {
    emailDigest: string;
    alerts: { subscriptionId: number; reason: 'new' | 'linked' | 'day-order' | 'step'; regulationId?: number; byRegulationId?: number; dayOrderId?: number; actionId?: number }[];
  };
}
export type JobName = keyof JobPayloads;

/** How many times a job is tried before it is left failed (with its last error) for an operator. */
export const MAX_ATTEMPTS: Record<JobName, number> = {
  // Backoff e^n seconds: 25 tries cover about three days of a mail server down.
  'password-reset-mail': 25,
  'verification-mail': 25,
  'extract-text': 25,
  'ocr-text': 25,
  'subscription-confirm-mail': 25,
  'alerts-digest': 25,
  'alert-mail': 25,
  'legal-force-day': 25,
};

/** The advisory lock namespace of live worker pools (the key is hashtext of the pool id). */
const LIVE_POOL_LOCK = 0x636f6e63; // 'conc'
/** A pool takes its lock just after it starts: a job locked this recently is never taken from it. */
const DEAD_POOL_CHECK_MS = 10_000;

/** How many times a job runs in place when the database goes away under it, and how long it waits for it. */
const OUTAGE_RUNS = 3;
const OUTAGE_WAIT_MS = 60_000;

type Executor = Pick<Database, 'execute'>;

/**
 * Queues a job, inside the caller's transaction when given one (it exists only if that commits).
 * With a key, a job not yet started is replaced rather than queued twice; with a queue name, it waits
 * for the jobs of that queue before it, so that they never take more than one of the runner's slots.
 */
export async function addJob<N extends JobName>(
  executor: Executor,
  name: N,
  payload: JobPayloads[N],
  options: { key?: string; runAt?: Date; queue?: string } = {},
): Promise<void> {
  // A named queue runs its jobs one at a time, across every instance.
  await executor.execute(sql`select graphile_worker.add_job(
    ${name}::text,
    ${JSON.stringify(payload)}::json,
    queue_name => ${options.queue ?? null}::text,
    run_at => ${options.runAt?.toISOString() ?? null}::timestamptz,
    max_attempts => ${MAX_ATTEMPTS[name]}::int,
    job_key => ${options.key ?? null}::text
  )`);
}

/** Installs or upgrades the queue's own tables (schema graphile_worker); runMigrations calls it. */
export async function migrateQueue(pool: pg.Pool): Promise<void> {
  await installQueue({ pgPool: pool, logger: quietLogger });
}

export type JobHandlers = { [N in JobName]: (payload: JobPayloads[N], job: Job) => Promise<void> };

export interface JobQueue {
  /** Starts taking jobs; called once the app is ready. */
  start(): Promise<void>;
  /** Takes no new job, lets the current ones finish, then lets go of the database. */
  stop(): Promise<void>;
  /** Resolves when no job is waiting, running or due for a retry (tests). */
  idle(options?: { timeoutMs?: number }): Promise<void>;
  /** Hands back jobs held by instances that died; answers how many. */
  releaseDeadWorkers(): Promise<number>;
}

const quietLogger = new Logger(() => () => undefined);

function pinoLogger(log: FastifyBaseLogger) {
  return new Logger(() => (level, message, meta) => {
    // graphile-worker's info lines (pool started, stopping) are routine; its warnings and errors are not.
    const fields = { queue: true, ...(meta ?? {}) };
    if (level === 'error') log.error(fields, message);
    else if (level === 'warning') log.warn(fields, message);
    else log.debug(fields, message);
  });
}

export function createJobQueue(deps: { db: Database; handlers: JobHandlers; log: FastifyBaseLogger; concurrency?: number; pollIntervalMs?: number }): JobQueue {
  const { db, handlers, log } = deps;
  const concurrency = deps.concurrency ?? 2;
  // Its own small pool: a job never takes a connection a request is waiting for, and the LISTEN
  // connection graphile-worker holds is not counted against the requests' pool.
  const pool = new pg.Pool({ ...db.$client.options, max: concurrency + 3 });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));

  let runner: Runner | undefined;
  let poolId: string | undefined;
  let liveness: pg.Client | undefined;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let reaper: NodeJS.Timeout | undefined;
  /** A runner being started (at start, or a restart after an outage): stop() waits for it. */
  let starting: Promise<void> | undefined;

  const taskList: TaskList = Object.fromEntries(
    Object.entries(handlers).map(([name, handler]) => [
      name,
      async (payload: unknown, helpers: { job: Job }) => {
        const started = Date.now();
        try {
          await runThroughOutages(() => (handler as (payload: unknown, job: Job) => Promise<void>)(payload, helpers.job), name, helpers.job);
          log.debug({ job: name, jobId: helpers.job.id, ms: Date.now() - started }, 'job done');
        } catch (error) {
          const { attempts, max_attempts: maxAttempts } = helpers.job;
          const level = attempts >= maxAttempts ? 'error' : 'warn';
          log[level]({ err: error, job: name, jobId: helpers.job.id, attempt: attempts, maxAttempts }, attempts >= maxAttempts ? 'job failed for good' : 'job failed; it will be tried again');
          throw error;
        }
      },
    ]),
  );

  /**
   * Runs a job's handler; when it fails because the database went away (a restart, a failover), waits
   * for the database to answer and runs it again, up to OUTAGE_RUNS times. Thrown to graphile-worker
   * instead, such a failure would push the job back exponentially (e^attempts seconds, and a job cut by
   * several restarts in a row already has a few attempts): a PDF registered during an outage would be
   * read a minute or more after the database is back. Handlers are safe to run again (each checks what
   * is still to do), as they are when the queue retries them.
   */
  async function runThroughOutages(handle: () => Promise<void>, name: string, job: Job): Promise<void> {
    for (let run = 1; ; run += 1) {
      try {
        return await handle();
      } catch (error) {
        if (run >= OUTAGE_RUNS || stopping || !isDatabaseUnavailable(error)) throw error;
        log.warn({ err: error, job: name, jobId: job.id }, 'job lost the database; it runs again once the database answers');
        if (!(await databaseAnswers())) throw error;
      }
    }
  }

  /** Whether the database answers within OUTAGE_WAIT_MS (asked every quarter second); false when stopping. */
  async function databaseAnswers(): Promise<boolean> {
    const deadline = Date.now() + OUTAGE_WAIT_MS;
    while (!stopping && Date.now() < deadline) {
      if (await pool.query('select 1').then(() => true, () => false)) return true;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return false;
  }

  /**
   * A session that holds this pool's advisory lock while the process lives. Lost with the database
   * (a restart), it is taken again, every second, until the database is back.
   */
  function holdLiveness(id: string): void {
    const retry = () => {
      if (!stopping && poolId === id) setTimeout(() => void attempt(), 1_000).unref();
    };
    const attempt = async () => {
      if (stopping || poolId !== id) return;
      const client = new pg.Client(db.$client.options);
      client.on('error', () => undefined);
      liveness = client;
      try {
        await client.connect();
        await client.query('select pg_advisory_lock($1, hashtext($2))', [LIVE_POOL_LOCK, id]);
      } catch (error) {
        log.warn({ err: error }, 'queue liveness lock not taken; trying again');
        await client.end().catch(() => undefined);
        retry();
        return;
      }
      client.once('end', () => {
        if (liveness === client) retry();
      });
    };
    void attempt();
  }

  async function releaseDeadWorkers(): Promise<number> {
    const { rows } = await pool.query<{ locked_by: string }>(
      `select distinct locked_by from graphile_worker.jobs where locked_by is not null and locked_at < now() - $1 * interval '1 millisecond'`,
      [DEAD_POOL_CHECK_MS],
    );
    const client = await pool.connect();
    let released = 0;
    try {
      for (const { locked_by: id } of rows) {
        if (id === poolId) continue;
        const { rows: lock } = await client.query<{ free: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as free', [LIVE_POOL_LOCK, id]);
        if (!lock[0]?.free) continue;
        await client.query('select pg_advisory_unlock($1, hashtext($2))', [LIVE_POOL_LOCK, id]);
        const result = await client.query<{ count: string }>(`select count(*) from graphile_worker.jobs where locked_by = $1`, [id]);
        await client.query('select graphile_worker.force_unlock_workers($1::text[])', [[id]]);
        released += Number(result.rows[0]?.count ?? 0);
        log.warn({ workerPool: id, jobs: Number(result.rows[0]?.count ?? 0) }, 'jobs held by an instance that is gone are queued again');
      }
    } finally {
      client.release();
    }
    return released;
  }

  async function startRunner(): Promise<void> {
    const events: WorkerEvents = new EventEmitter();
    // The pool's id is what graphile-worker writes into locked_by; announced before its workers start.
    events.on('pool:create', ({ workerPool }) => {
      const previous = liveness;
      liveness = undefined;
      void previous?.end().catch(() => undefined);
      poolId = workerPool.id;
      holdLiveness(workerPool.id);
    });
    const started = await run({
      pgPool: pool,
      taskList,
      concurrency,
      noHandleSignals: true,
      pollInterval: deps.pollIntervalMs ?? 2_000,
      logger: pinoLogger(log),
      // No crontab (and no crontab file read from the working folder): everything is in taskList.
      parsedCronItems: [],
      // Completing and failing jobs through graphile-worker's batcher (delay 0: no waiting): unbatched,
      // it does not await those queries, so a database outage while a job ends became an unhandled
      // rejection, which takes a Node process down. Batched, the error reaches its handler, the pool
      // stops, and scheduleRestart starts a new one; the job is handed back with the dead pool's.
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
      events,
    }).catch((error: unknown) => {
      scheduleRestart(error);
      return undefined;
    });
    if (!started) return;
    // stop() came while this runner was starting: it must not outlive the queue (its LISTEN client
    // would hold the pool open, and the process's shutdown would wait for it forever).
    if (stopping) {
      await started.stop().catch(() => undefined);
      return;
    }
    runner = started;
    started.promise.then(
      () => (stopping ? undefined : scheduleRestart(new Error('the job runner stopped'))),
      (error: unknown) => (stopping ? undefined : scheduleRestart(error)),
    );
  }

  /** A lost database can stop graphile-worker's pool for good: start a new one once it is back. */
  function scheduleRestart(error: unknown) {
    if (stopping) return;
    runner = undefined;
    log.error({ err: error }, 'the job runner stopped; starting it again in 5 s');
    clearTimeout(restartTimer);
    restartTimer = setTimeout(() => void (starting = startRunner().finally(() => (starting = undefined))), 5_000);
    restartTimer.unref();
  }

  return {
    async start() {
      await releaseDeadWorkers().catch((error: unknown) => log.warn({ err: error }, 'could not look for jobs of dead instances'));
      starting = startRunner().finally(() => (starting = undefined));
      await starting;
      reaper = setInterval(() => void releaseDeadWorkers().catch(() => undefined), DEAD_POOL_CHECK_MS);
      reaper.unref();
    },
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      clearInterval(reaper);
      await closingStep(log, 'the job runner being started', async () => starting);
      await closingStep(log, 'the jobs running to finish', async () => runner?.stop().catch((error: unknown) => log.warn({ err: error }, 'job runner stop')));
      const last = liveness;
      liveness = undefined;
      await last?.end().catch(() => undefined);
      await closingStep(log, "the job queue's connections to come back", () => pool.end().catch(() => undefined));
    },
    async idle({ timeoutMs = 60_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        // A job scheduled further ahead than the wait itself (the next alerts' digest) is not waited for.
        const { rows } = await pool.query<{ count: string }>(
          `select count(*) from graphile_worker.jobs where attempts < max_attempts and (attempts > 0 or run_at <= now() + make_interval(secs => $1))`,
          [timeoutMs / 1000],
        );
        if (Number(rows[0]?.count) === 0) return;
        if (Date.now() > deadline) {
          const { rows: left } = await pool.query<{ task: string; attempts: number; run_at: Date; locked_by: string | null; last_error: string | null }>(
            `select task_identifier as task, attempts, run_at, locked_by, last_error from graphile_worker.jobs where attempts < max_attempts and (attempts > 0 or run_at <= now() + make_interval(secs => $1)) order by id limit 5`,
            [timeoutMs / 1000],
          );
          const described = left.map((job) => `${job.task} (attempt ${job.attempts}, due ${job.run_at.toISOString()}${job.locked_by ? `, held by ${job.locked_by}` : ''}${job.last_error ? `, last error: ${job.last_error.split('\n')[0]}` : ''})`);
          throw new Error(`jobs still queued after ${timeoutMs} ms: ${described.join('; ')}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    releaseDeadWorkers,
  };
}

