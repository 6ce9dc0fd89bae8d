import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, type Database } from './client.js';
import { migrationsFolder } from './migrate.js';

/**
 * Migration 0022 on a database as the last release left it (0021 applied, norms and agendas already
 * there, none with steps): the norms get the steps their rows tell and the dates those give; nothing else
 * of theirs changes.
 */

let db: Database;
let folder: string;
const dbName = `migration_${randomBytes(6).toString('hex')}`;

/** The migrations folder as it was up to `last` (its journal cut there). */
async function migrationsUpTo(last: number): Promise<string> {
  const copy = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-migrations-'));
  await fs.cp(migrationsFolder, copy, { recursive: true });
  const journalFile = path.join(copy, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  await fs.writeFile(journalFile, JSON.stringify(journal));
  return copy;
}

beforeAll(async () => {
  const maintenance = new pg.Client(inject('postgresUrl'));
  await maintenance.connect();
  await maintenance.query(`create database ${maintenance.escapeIdentifier(dbName)}`);
  await maintenance.end();
  const url = new URL(inject('postgresUrl'));
  url.pathname = `/${dbName}`;
  db = createDatabase(url.toString(), { max: 2 });
  folder = await migrationsUpTo(21);
  await migrate(db, { migrationsFolder: folder });
});

afterAll(async () => {
  await db?.$client.end();
  if (folder) await fs.rm(folder, { recursive: true, force: true });
  const maintenance = new pg.Client(inject('postgresUrl'));
  await maintenance.connect();
  await maintenance.query(`drop database if exists ${maintenance.escapeIdentifier(dbName)}`);
  await maintenance.end();
});

describe('migration 0022 (the dates of a norm)', () => {
  it('gives the older norms their ingreso, orden del día and sanción, and the dates they give, in the council\'s days', async () => {
    const insert = async (values: string) => (await db.$client.query<{ id: number }>(`insert into regulations (type, number, subject, state, is_old, created_at, approved_at) values ${values} returning id`)).rows[0]!.id;
    // Approved at 23:30 in Buenos Aires on March 3rd (02:30 UTC on the 4th): its day is the 3rd.
    const approved = await insert(`('ordinance', 1501, 'Tasa de alumbrado', 'approved', false, '2025-02-20T13:00:00Z', '2025-03-04T02:30:00Z')`);
    const archive = await insert(`('ordinance', 12, '', 'approved', true, '1998-05-04T12:00:00Z', null)`);
    const inProcess = await insert(`('ordinance', null, 'Proyecto de ciclovías', 'process', false, '2025-06-01T15:00:00Z', null)`);
    const agenda = (await db.$client.query<{ id: number }>(`insert into day_orders (session_type, session_date, previous_minutes) values ('ordinaria', '2025-06-12T22:00:00Z', '12') returning id`)).rows[0]!.id;
    await db.$client.query(`insert into day_order_items (day_order_id, section, order_in_section, regulation_id) values ($1, 'projects', 1, $2)`, [agenda, inProcess]);

    const full = await migrationsUpTo(99);
    try {
      await migrate(db, { migrationsFolder: full });
    } finally {
      await fs.rm(full, { recursive: true, force: true });
    }

    const steps = async (id: number) =>
      (await db.$client.query<{ kind: string; date: string; automatic: boolean; day_order_id: number | null }>(`select kind, date::text as date, automatic, day_order_id from regulation_actions where regulation_id = $1 order by date, id`, [id])).rows;
    const dates = async (id: number) =>
      (await db.$client.query(`select enacted_on::text, promulgated_on::text, published_on::text, in_force_from::text, subject from regulations where id = $1`, [id])).rows[0];

    expect(await steps(approved)).toEqual([
      { kind: 'ingreso', date: '2025-02-20', automatic: true, day_order_id: null },
      { kind: 'sancion', date: '2025-03-03', automatic: true, day_order_id: null },
    ]);
    expect(await dates(approved)).toEqual({ enacted_on: '2025-03-03', promulgated_on: null, published_on: null, in_force_from: null, subject: 'Tasa de alumbrado' });
    // An archive norm: its sanción is the date it was loaded with, and it has no ingreso.
    expect(await steps(archive)).toEqual([{ kind: 'sancion', date: '1998-05-04', automatic: true, day_order_id: null }]);
    expect((await dates(archive)).enacted_on).toBe('1998-05-04');
    // A project in process: entered, then on the agenda of its session (19:00 in Buenos Aires on June 12th); no sanción.
    expect(await steps(inProcess)).toEqual([
      { kind: 'ingreso', date: '2025-06-01', automatic: true, day_order_id: null },
      { kind: 'orden_del_dia', date: '2025-06-12', automatic: true, day_order_id: agenda },
    ]);
    expect((await dates(inProcess)).enacted_on).toBeNull();

    // The agenda's step goes with it.
    await db.$client.query(`delete from day_orders where id = $1`, [agenda]);
    expect((await steps(inProcess)).map((step) => step.kind)).toEqual(['ingreso']);
  });
});
