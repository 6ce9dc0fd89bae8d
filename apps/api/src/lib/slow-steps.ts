import type { FastifyBaseLogger } from 'fastify';

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
