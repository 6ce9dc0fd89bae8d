import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { buildApp, type App } from '../app.js';
import { testConfig, type Config } from '../config.js';
import { createDatabase, type Database } from '../db/client.js';
import { ensureDatabase } from '../db/connect.js';
import { runMigrations } from '../db/migrate.js';
import type { Clock } from '../lib/clock.js';

export interface TestContext {
  app: App;
  db: Database;
  clock: TestClock;
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

/** The real app on a fresh, migrated database of its own on the test PostgreSQL server. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestContext> {
  const db = await createTestDatabase();
  const clock = new TestClock();
  const app = await buildApp({ config: testConfig(overrides), db, clock });
  return {
    app,
    db,
    clock,
    close: async () => {
      await app.close();
      await db.$client.end();
    },
  };
}

export async function createTestDatabase(): Promise<Database> {
  const maintenanceUrl = inject('postgresUrl');
  const name = `test_${randomBytes(8).toString('hex')}`;
  await ensureDatabase(maintenanceUrl, name);
  const url = new URL(maintenanceUrl);
  url.pathname = `/${name}`;
  const db = createDatabase(url.toString(), { max: 4 });
  await runMigrations(db);
  return db;
}
