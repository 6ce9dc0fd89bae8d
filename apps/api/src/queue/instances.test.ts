import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { testConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { minimalPdf } from '../lib/minimal-pdf.js';
import { buildLoggedInUser } from '../test/factories.js';
import { capturingLogger, createTestDatabase, TestClock } from '../test/harness.js';
import { multipartForm } from '../test/multipart.js';

/**
 * Two instances of the whole app on one database and one uploads folder: each regulation's PDF is
 * read once, whichever instance takes it, including the pending work both find when they start.
 */

const REGULATIONS = 24;
let db: Database;
let uploadsDir: string;
const apps: App[] = [];
const logs: ReturnType<typeof capturingLogger>[] = [];

async function instance(): Promise<App> {
  const log = capturingLogger();
  const app = await buildApp({ config: testConfig({ uploadsDir }), db, clock: new TestClock(), logger: log.logger });
  apps.push(app);
  logs.push(log);
  return app;
}
/** How many times a regulation's text was stored, by any instance. */
const indexedLines = () => logs.flatMap((log) => log.entries()).filter((entry) => entry.msg === 'regulation text indexed');

beforeAll(async () => {
  db = await createTestDatabase();
  uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-instances-'));
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await db.$client.end();
  await fs.rm(uploadsDir, { recursive: true, force: true });
});

describe('two instances on one database', () => {
  it('read each PDF once, as uploaded through either, and once more each for work found pending at start', { timeout: 120_000 }, async () => {
    const [first, second] = [await instance(), await instance()];
    await Promise.all([first.ready(), second.ready()]);
    const { headers } = await buildLoggedInUser(first, db, 'asesor');
    const ids: number[] = [];
    for (let n = 0; n < REGULATIONS; n += 1) {
      const app = n % 2 === 0 ? first : second;
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/regulations',
        headers,
        payload: multipartForm({ type: 'ordinance', subject: `Proyecto ${n}`, authors: ['A'] }, { pdf_process: minimalPdf([`palabra${n} del proyecto`]) }),
      });
      expect(response.statusCode).toBe(201);
      ids.push(response.json().id);
    }
    await first.jobs.idle();
    expect(indexedLines()).toHaveLength(REGULATIONS);
    expect(new Set(indexedLines().map((entry) => entry.regulationId)).size).toBe(REGULATIONS);

    // Pending with no job (a restored backup): two instances starting together read each one once.
    await Promise.all(apps.splice(0).map((app) => app.close()));
    logs.splice(0);
    await db.execute(sql`update regulations set text_status = 'pending'`);
    const [third, fourth] = [await instance(), await instance()];
    await Promise.all([third.ready(), fourth.ready()]);
    await third.jobs.idle();
    expect(indexedLines()).toHaveLength(REGULATIONS);
    expect(new Set(indexedLines().map((entry) => entry.regulationId))).toEqual(new Set(ids));
  });
});
