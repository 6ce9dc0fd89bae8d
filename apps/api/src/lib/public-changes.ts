import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Tx } from '../db/client.js';
import { sharedRoundTrip } from './shared-round-trip.js';

/**
 * What citizens read changes only through staff writes; every API instance must learn of each one at
 * once, whichever instance made it (DESIGN.md section 6: nothing shared lives only in one process).
 * A write announces its change inside its own transaction (`pg_notify`, delivered only if it
 * commits), and each instance holds one LISTEN connection that hands every change to its listeners.
 *
 * A notification arrives a moment after the commit, which is not enough for "visible on the next
 * request": the next request may reach another instance first. So `caughtUp()` sends a round trip
 * on the LISTEN connection itself; PostgreSQL delivers every notification committed before that
 * query ahead of its answer, so when it resolves the listeners have seen every change committed
 * before the call. While the connection is down it answers false and caches are not trusted; when
 * it is back the listeners are told that anything may have changed.
 */

export const PUBLIC_CHANGES_CHANNEL = 'public_changes';
/** How the LISTEN connection shows in pg_stat_activity. */
export const PUBLIC_CHANGES_APPLICATION = 'concejo public changes';

/** The kinds of content the public pages and public API answers are made of. */
export const PUBLIC_CONTENTS = ['regulations', 'news', 'banners', 'contact', 'day-orders'] as const;
export type PublicContent = (typeof PUBLIC_CONTENTS)[number];
/** What changed; 'any' after the feed was disconnected (changes may have been missed). */
export type PublicChange = PublicContent | 'any';

type Executor = Pick<Database, 'execute'>;

/** Announces, inside the caller's transaction, that public content changed; sent if it commits. */
export async function announcePublicChange(tx: Executor, content: PublicContent): Promise<void> {
  await tx.execute(sql`select pg_notify(${PUBLIC_CHANGES_CHANNEL}, ${content})`);
}

/** A write citizens will see: `work` in one transaction that announces the change when it commits. */
export function writePublic<T>(db: Database, content: PublicContent, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await work(tx);
    await announcePublicChange(tx, content);
    return result;
  });
}

export interface PublicChanges {
  /** Calls `listener` on every change announced by any instance (this one too); answers an unsubscribe. */
  onChange(listener: (change: PublicChange) => void): () => void;
  /**
   * Resolves true once every change committed before the call has reached the listeners; false
   * while the feed is disconnected, when no cache of public answers may be trusted.
   */
  caughtUp(): Promise<boolean>;
  /** Whether the LISTEN connection is up. */
  readonly listening: boolean;
  /** Connects (once the app is ready); a failure is retried in the background. */
  start(): Promise<void>;
  /** Lets go of the connection and stops reconnecting. */
  close(): Promise<void>;
}

/** Reconnection delays grow from the first to the last, doubling. */
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 10_000;
/** A round trip slower than this means the connection is not to be trusted: it is replaced. */
const CAUGHT_UP_TIMEOUT_MS = 5_000;

export function createPublicChanges(deps: { connection: pg.ClientConfig; log: FastifyBaseLogger }): PublicChanges {
  const { log } = deps;
  const listeners = new Set<(change: PublicChange) => void>();
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  /** Failed attempts since the connection was last up; the outage is logged once, at the first. */
  let failures = 0;
  let everConnected = false;
  let retryTimer: NodeJS.Timeout | undefined;

  function emit(change: PublicChange) {
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (error) {
        log.error({ err: error }, 'a public change listener failed');
      }
    }
  }

  function scheduleRetry() {
    if (closed) return;
    const delay = Math.min(RETRY_FIRST_MS * 2 ** failures, RETRY_MAX_MS);
    failures += 1;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void connect(), delay);
    retryTimer.unref();
  }

  /** The connection is gone (or no longer trusted): caches are bypassed until it is back. */
  function lost(gone: pg.Client) {
    if (client !== gone) return;
    client = undefined;
    listening = false;
    void gone.end().catch(() => undefined);
    if (closed) return;
    log.warn('public change feed disconnected; public answers are not cached until it is back');
    scheduleRetry();
  }

  async function connect(): Promise<void> {
    if (closed) return;
    const candidate = new pg.Client({ ...deps.connection, application_name: PUBLIC_CHANGES_APPLICATION, keepAlive: true, connectionTimeoutMillis: 5_000 });
    // Losing the connection is reported by 'end'; without a listener an 'error' would crash the process.
    candidate.on('error', () => undefined);
    candidate.on('notification', (message) => {
      if (message.channel !== PUBLIC_CHANGES_CHANNEL) return;
      const content = PUBLIC_CONTENTS.find((known) => known === message.payload);
      emit(content ?? 'any');
    });
    client = candidate;
    try {
      await candidate.connect();
      await candidate.query(`listen ${PUBLIC_CHANGES_CHANNEL}`);
    } catch (error) {
      if (client === candidate) client = undefined;
      void candidate.end().catch(() => undefined);
      if (closed) return;
      if (failures === 0 && !everConnected) log.warn({ err: error }, 'public change feed not connected; trying again');
      else log.debug({ err: error, attempt: failures + 1 }, 'public change feed still not connected');
      scheduleRetry();
      return;
    }
    if (closed || client !== candidate) {
      void candidate.end().catch(() => undefined);
      return;
    }
    candidate.once('end', () => lost(candidate));
    listening = true;
    const reconnected = everConnected || failures > 0;
    if (everConnected) log.info('public change feed connected again');
    everConnected = true;
    failures = 0;
    // Anything may have changed while nobody was listening.
    if (reconnected) emit('any');
  }

  /** One round trip on the LISTEN connection: notifications committed before it arrive ahead of its answer. */
  function roundTrip(): Promise<boolean> {
    const current = client;
    if (!listening || !current) return Promise.resolve(false);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), CAUGHT_UP_TIMEOUT_MS);
      timer.unref();
    });
    return Promise.race([current.query('select 1').then(() => 'answered' as const), timeout]).then(
      (outcome) => {
        clearTimeout(timer);
        if (outcome === 'timeout') lost(current);
        return outcome === 'answered' && listening && client === current;
      },
      () => {
        clearTimeout(timer);
        lost(current);
        return false;
      },
    );
  }

  return {
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    // Callers share round trips (a caller waits for one that started after it asked).
    caughtUp: sharedRoundTrip(roundTrip),
    get listening() {
      return listening;
    },
    async start() {
      if (!client && !listening && !retryTimer) await connect();
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const last = client;
      client = undefined;
      listening = false;
      await last?.end().catch(() => undefined);
    },
  };
}
