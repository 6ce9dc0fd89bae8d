import { fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_DECODED_LIMITS, type DecodedLimits } from './decoded-size.js';
import type { DocumentFailure, DocumentJob, DocumentJobResults, JobAnswer } from './job-types.js';

export interface DocumentWorkerOptions {
  /** Names the worker in the logs ('uploads', 'background'). */
  name: string;
  /** Resident memory the process may reach; past it, it is killed and the job fails with 'memory'. */
  memoryMb: number;
  /** Time one job may take; past it, the process is killed and the job fails with 'timeout'. */
  timeoutMs: number;
  /** How far a PDF's streams may inflate (checked before pdf.js reads them). */
  decoded?: DecodedLimits;
  /** Jobs waiting beyond this many are refused at once ('busy'). */
  maxQueue?: number;
  /** The process leaves after this long without work, and is started again on the next job (never: Infinity). */
  idleMs?: number;
  /** How much lower than the API's the worker's CPU priority is (nice steps; 10 by default). */
  niceness?: number;
  log: FastifyBaseLogger;
}

/** A job that did not produce its result; `failure` says why. */
export class DocumentJobFailed extends Error {
  constructor(
    readonly failure: DocumentFailure | 'busy' | 'closed',
    message: string,
  ) {
    super(message);
    this.name = 'DocumentJobFailed';
  }
}

interface Pending {
  job: DocumentJob;
  timeoutMs: number;
  resolve: (result: unknown) => void;
  reject: (error: DocumentJobFailed) => void;
}

interface Running extends Pending {
  id: number;
  /** When its time limit ends (performance.now()). */
  deadline: number;
  /** Clears the job's time limit and memory watch. */
  settle: () => void;
}
/** How often the resident memory of a busy worker is read. */
const MEMORY_POLL_MS = 50;
const START_TIMEOUT_MS = 30_000;
/** How far below the API's priority a worker runs unless told otherwise. */
export const DEFAULT_WORKER_NICENESS = 10;

const here = fileURLToPath(import.meta.url);
/**
 * The worker's entry: `document-worker.js` beside the server bundle (build.mjs writes it); when
 * running from source, DOCUMENT_WORKER_SCRIPT (the API tests build the bundle once per run) or the
 * TypeScript entry through tsx (`npm run dev`; slower to start and heavier).
 */
function workerEntry(): { file: string; execArgv: string[] } {
  if (!here.endsWith('.ts')) return { file: path.join(path.dirname(here), 'document-worker.js'), execArgv: [] };
  const built = globalThis.process.env.DOCUMENT_WORKER_SCRIPT;
  if (built) return { file: built, execArgv: [] };
  return { file: path.join(path.dirname(here), 'worker-process.ts'), execArgv: ['--import', 'tsx'] };
}

/**
 * Runs untrusted-document jobs in a separate Node process, one at a time, so that no document can
 * freeze or crash the API: the process has a heap limit (V8's), a resident-memory limit and a time
 * limit per job, both enforced from here by SIGKILL, and runs at a lower CPU priority than the API.
 * The commands it runs (OCR's pdftoppm and tesseract) inherit that priority, count in its memory and
 * die with it (its process group is killed). A killed or crashed process fails its job and a new one
 * is started for the next.
 */
export function createDocumentWorker(options: DocumentWorkerOptions) {
  const { name, memoryMb, timeoutMs, log } = options;
  const decoded = options.decoded ?? DEFAULT_DECODED_LIMITS;
  const maxQueue = options.maxQueue ?? Number.POSITIVE_INFINITY;
  const idleMs = options.idleMs ?? 30_000;
  const niceness = options.niceness ?? DEFAULT_WORKER_NICENESS;
  const queue: Pending[] = [];
  let child: ChildProcess | undefined;
  let ready: Promise<void> | undefined;
  let starting = false;
  let current: Running | undefined;
  let nextId = 1;
  let killReason: DocumentFailure | 'closed' | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let closed = false;
  const counters = { started: 0, killed: 0 };

  function start(): Promise<void> {
    counters.started += 1;
    const entry = workerEntry();
    const process = fork(entry.file, [], {
      execArgv: [...entry.execArgv, `--max-old-space-size=${memoryMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: { ...globalThis.process.env, NODE_OPTIONS: '' },
      // Its own process group, so that a kill takes the commands it runs (OCR: pdftoppm, tesseract) too.
      detached: true,
    });
    child = process;
    killReason = undefined;
    try {
      // Below this process's own priority, however that was set.
      if (process.pid) os.setPriority(process.pid, Math.min(19, os.getPriority() + niceness));
    } catch {
      // Lowering the priority is a courtesy; some systems refuse it.
    }
    for (const stream of [process.stdout, process.stderr]) {
      if (stream) createInterface({ input: stream }).on('line', (line) => log.warn({ worker: name, output: line.slice(0, 500) }, 'document worker output'));
    }
    process.on('exit', (code, signal) => exited(process, code, signal));
    process.on('error', (error) => log.error({ err: error, worker: name }, 'document worker error'));
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        kill(process, 'crashed');
        reject(new DocumentJobFailed('crashed', 'the document worker did not start'));
      }, START_TIMEOUT_MS);
      process.once('exit', () => {
        clearTimeout(timer);
        // Closed while it started: its job fails as closed, not as a crash of the document's making.
        reject(killReason === 'closed' ? new DocumentJobFailed('closed', 'the document worker is closed') : new DocumentJobFailed('crashed', 'the document worker left before it was ready'));
      });
      process.on('message', (message: JobAnswer | { ready: true }) => {
        if ('ready' in message) {
          clearTimeout(timer);
          resolve();
        } else {
          answered(message);
        }
      });
    });
  }

  function kill(process: ChildProcess, reason: DocumentFailure | 'closed') {
    // Once: the watchdog may ask again before a busy machine has delivered the signal.
    if (process !== child || killReason !== undefined || process.exitCode !== null || process.signalCode !== null) return;
    killReason = reason;
    if (reason !== 'closed') counters.killed += 1;
    killGroup(process);
  }

  function exited(process: ChildProcess, code: number | null, signal: NodeJS.Signals | null) {
    // Killed from outside or crashed: a command it started must not outlive it.
    killGroup(process);
    if (process !== child) return;
    child = undefined;
    ready = undefined;
    const job = current;
    current = undefined;
    if (job) {
      const failure = killReason ?? 'crashed';
      log.warn({ worker: name, failure, code, signal, kind: job.job.kind }, 'document worker stopped during a job');
      job.settle();
      job.reject(new DocumentJobFailed(failure, `document worker stopped (${failure})`));
    }
    void pump();
  }

  function answered(message: JobAnswer) {
    const job = current;
    if (!job || message.id !== job.id) return;
    // An answer read after the time limit is a timeout even if the timer has not fired yet: a busy main
    // thread can read the worker's message before its timers run. The exit reports the failure.
    if (performance.now() > job.deadline && child) {
      kill(child, 'timeout');
      return;
    }
    current = undefined;
    job.settle();
    if (message.ok) job.resolve(message.result);
    else job.reject(new DocumentJobFailed(message.failure, message.message));
    void pump();
  }

  async function pump(): Promise<void> {
    if (current || starting || closed) return;
    const job = queue.shift();
    if (!job) {
      scheduleIdleStop();
      return;
    }
    clearTimeout(idleTimer);
    starting = true;
    try {
      ready ??= start();
      await ready;
    } catch (error) {
      starting = false;
      job.reject(error instanceof DocumentJobFailed ? error : new DocumentJobFailed('crashed', String(error)));
      void pump();
      return;
    }
    starting = false;
    const process = child;
    if (closed) {
      job.reject(new DocumentJobFailed('closed', 'the document worker is closed'));
      return;
    }
    if (!process) {
      // It left between starting and now: start another for the same job.
      queue.unshift(job);
      void pump();
      return;
    }
    const timer = setTimeout(() => kill(process, 'timeout'), job.timeoutMs);
    const watch = setInterval(() => void checkMemory(process), MEMORY_POLL_MS);
    const running: Running = {
      ...job,
      id: nextId++,
      deadline: performance.now() + job.timeoutMs,
      settle: () => {
        clearTimeout(timer);
        clearInterval(watch);
      },
    };
    current = running;
    process.send({ id: running.id, job: job.job, limits: decoded }, (error) => {
      if (error) kill(process, 'crashed');
    });
  }

  async function checkMemory(process: ChildProcess) {
    const rss = await treeResidentMegabytes(process.pid);
    if (rss !== undefined && rss > memoryMb) {
      log.warn({ worker: name, rssMb: rss, limitMb: memoryMb }, 'document worker over its memory limit');
      kill(process, 'memory');
    }
  }

  function scheduleIdleStop() {
    clearTimeout(idleTimer);
    if (idleMs === Number.POSITIVE_INFINITY) return;
    idleTimer = setTimeout(() => {
      if (!current && queue.length === 0 && child?.connected) child.disconnect();
    }, idleMs);
    idleTimer.unref();
  }

  return {
    /** Runs a job in the worker process; rejects with DocumentJobFailed. */
    run<K extends DocumentJob['kind']>(job: Extract<DocumentJob, { kind: K }>, runOptions: { timeoutMs?: number } = {}): Promise<DocumentJobResults[K]> {
      if (closed) return Promise.reject(new DocumentJobFailed('closed', 'the document worker is closed'));
      if (queue.length >= maxQueue) return Promise.reject(new DocumentJobFailed('busy', 'too many documents waiting'));
      return new Promise((resolve, reject) => {
        queue.push({ job, timeoutMs: runOptions.timeoutMs ?? timeoutMs, resolve: resolve as (result: unknown) => void, reject });
        void pump();
      });
    },
    /** Starts the process ahead of the first job, so that job does not wait for it; resolves once it is ready. */
    warm(): Promise<void> {
      if (closed) return Promise.resolve();
      if (ready) return ready.catch(() => undefined);
      starting = true;
      ready = start();
      return ready.then(
        () => {
          starting = false;
          void pump();
        },
        (error: unknown) => {
          starting = false;
          // A server stopped while its worker was still starting: nothing failed, nothing to report.
          if (closed) return;
          log.warn({ err: error, worker: name }, 'document worker did not start');
        },
      );
    },
    /** Jobs waiting (not counting the one running). */
    get waiting(): number {
      return queue.length;
    },
    /** Processes started and killed so far (tests, logs). */
    get counters(): Readonly<typeof counters> {
      return counters;
    },
    /** The worker's process id while it runs (tests). */
    get pid(): number | undefined {
      return child?.pid;
    },
    /** Stops the process; queued jobs fail with 'closed'. */
    async close(): Promise<void> {
      closed = true;
      clearTimeout(idleTimer);
      for (const job of queue.splice(0)) job.reject(new DocumentJobFailed('closed', 'the document worker is closed'));
      const process = child;
      if (!process) return;
      const gone = new Promise((resolve) => process.once('exit', resolve));
      // The job running fails with 'closed': its document is not to blame.
      kill(process, 'closed');
      await gone;
    },
  };
}

export type DocumentWorker = ReturnType<typeof createDocumentWorker>;

/** SIGKILL to a worker's process group: the worker and any command it runs. */
function killGroup(process: ChildProcess) {
  if (!process.pid) return;
  try {
    globalThis.process.kill(-process.pid, 'SIGKILL');
  } catch {
    // ESRCH: nothing of it is left.
  }
}

/** Resident memory of a worker and the commands it runs (its direct children), in MB; undefined where it cannot be read. */
async function treeResidentMegabytes(pid: number | undefined): Promise<number | undefined> {
  const own = await residentMegabytes(pid);
  if (own === undefined) return undefined;
  // Node starts children from its main thread, whose task id is the process id.
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  let total = own;
  for (const child of children.split(' ').filter(Boolean)) total += (await residentMegabytes(Number(child))) ?? 0;
  return total;
}

/** Resident memory of a process in MB, from /proc (Linux); undefined where it cannot be read. */
async function residentMegabytes(pid: number | undefined): Promise<number | undefined> {
  if (!pid) return undefined;
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}
