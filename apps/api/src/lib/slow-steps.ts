import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** How often a step of the shutdown that is still going says so. */
const REPORT_EVERY_MS = 5_000;

/**
 * Awaits one step of closing (the job queue, the document workers, the database) and, while it lasts
 * past 5 s, logs a warning every 5 s naming it: a shutdown that runs into its 30 s limit tells the
 * operator what it was waiting on.
 */
export async function closingStep<T>(log: Pick<FastifyBaseLogger, 'warn'>, step: string, work: () => Promise<T>, everyMs = REPORT_EVERY_MS): Promise<T> {
  const started = Date.now();
  const timer = setInterval(() => log.warn({ step, waitedMs: Date.now() - started }, `closing: still waiting for ${step}`), everyMs);
  timer.unref();
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/** How often a closing server looks for connections that have become idle. */
const IDLE_SWEEP_MS = 100;

/**
 * Closes the app as a SIGTERM does: stops accepting, lets requests in flight finish, then runs the
 * app's own closing. A keep-alive connection whose answer finishes after closing began is closed as
 * soon as it is idle: Node closes only the connections idle at the moment `close` is called, and one
 * whose answer had announced keep-alive before would stay open for its keep-alive time (72 s), holding
 * the shutdown past its 30 s limit (seen once in a clean-clone CI run of the crash test).
 */
export async function closeServer(app: Pick<FastifyInstance, 'close' | 'server'>): Promise<void> {
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}
