import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../app.js';
import { testConfig, type Config } from '../config.js';
import { createDatabase, type Database } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { createLogger } from '../lib/logger.js';

export interface TestContext {
  app: App;
  db: Database;
  clock: TestClock;
  /** Where this app's uploads go: a temporary folder removed by close(). */
  uploadsDir: string;
  close: () => Promise<void>;
}

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  private current = new Date('2026-03-02T12:00:00Z');
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestAppOptions {
  /** Replaces the silent logger when a test reads the log. */
  logger?: FastifyBaseLogger;
  /**
   * Start the uploads worker process and look for tesseract when the app is ready, as the server does;
   * off by default: the uploads worker then starts at the first upload, the look at the first scan.
   */
  workers?: boolean;
  /** Run the sweep (orphan files, spooled uploads, unconfirmed subscriptions) when the app is ready and hourly, as the server does; off by default. */
  sweep?: boolean;
}

/**
 * The real app on a fresh, migrated database of its own on the test PostgreSQL server. What the server
 * starts at boot only to be ready early (the warm uploads worker, the sweep) starts here only when the
 * test asks for it; the job queue always runs.
 */
export async function createTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestContext> {
  const db = await createTestDatabase();
  const clock = new TestClock();
  const uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-test-uploads-'));
  const app = await buildApp({
    config: testConfig({ uploadsDir, ...overrides }),
    db,
    clock,
    atStart: { workers: options.workers ?? false, sweep: options.sweep ?? false },
    ...(options.logger ? { logger: options.logger } : {}),
  });
  return {
    app,
    db,
    clock,
    uploadsDir,
    close: async () => {
      await app.close();
      await db.$client.end();
      await fs.rm(uploadsDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh database of the test's own, already migrated: a copy of the run's template (global-setup.ts),
 * which takes milliseconds where running every migration took a second or more. Tests of the
 * migrations themselves run them on an empty database of their own.
 */
export async function createTestDatabase(): Promise<Database> {
  const maintenanceUrl = inject('postgresUrl');
  const name = `test_${randomBytes(8).toString('hex')}`;
  const client = new pg.Client(maintenanceUrl);
  await client.connect();
  try {
    await client.query(`create database ${client.escapeIdentifier(name)} template ${client.escapeIdentifier(inject('templateDatabase'))}`);
  } finally {
    await client.end();
  }
  const url = new URL(maintenanceUrl);
  url.pathname = `/${name}`;
  return createDatabase(url.toString(), { max: 4 });
}

/** A real logger (the server's, at trace level) whose JSON lines the test can read. */
export function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter((line) => line !== ''));
      callback();
    },
  });
  return {
    logger: createLogger('trace', stream),
    /** Every line as written. */
    lines,
    /** Every line parsed. */
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
