import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { createTestDatabase } from '../../test/harness.js';

/**
 * A norm's legal force is computed by the database from the links pointing at it (migration 0013):
 * whatever writes the links or the modifiers' state (the API, a restore, a hand-made fix), the column
 * follows, and its search stamp moves with it so that every instance's index reads it again.
 */

let db: Database;
let nextNumber = 1;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.$client.end();
});

async function norm(state: 'approved' | 'process' = 'approved'): Promise<number> {
  const number = state === 'approved' ? nextNumber++ : null;
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into regulations (type, number, subject, state, author_type) values ('ordinance', ${number}, 'Norma de prueba', ${state}, 'concejal') returning id`);
  return rows[0]!.id;
}
const link = (modifier: number, modified: number, kind: string) =>
  db.execute(sql`insert into regulation_links (modifier_id, modified_id, kind) values (${modifier}, ${modified}, ${kind}::regulation_link_kind)`);
async function forceOf(id: number): Promise<string> {
  const { rows } = await db.execute<{ legal_force: string }>(sql`select legal_force from regulations where id = ${id}`);
  return rows[0]!.legal_force;
}
async function stampOf(id: number): Promise<string> {
  const { rows } = await db.execute<{ stamp: string }>(sql`select search_xid::text as stamp from regulations where id = ${id}`);
  return rows[0]!.stamp;
}

describe('legal force, computed from the links', () => {
  it('is in force until an approved norm repeals it, and moves its search stamp when it changes', async () => {
    const [target, repealer] = [await norm(), await norm()];
    expect(await forceOf(target)).toBe('in_force');
    const before = await stampOf(target);
    await link(repealer, target, 'repeals');
    expect(await forceOf(target)).toBe('repealed');
    expect(BigInt(await stampOf(target))).toBeGreaterThan(BigInt(before));
  });

  it('counts partial repeals below a whole one, and modifications and regulations not at all', async () => {
    const target = await norm();
    await link(await norm(), target, 'modifies');
    await link(await norm(), target, 'regulates');
    expect(await forceOf(target)).toBe('in_force');
    const partial = await norm();
    await link(partial, target, 'partially_repeals');
    expect(await forceOf(target)).toBe('partially_repealed');
    const whole = await norm();
    await link(whole, target, 'repeals');
    expect(await forceOf(target)).toBe('repealed');
    await db.execute(sql`delete from regulation_links where modifier_id = ${whole}`);
    expect(await forceOf(target)).toBe('partially_repealed');
  });

  it('follows the repealing norm: not while it is in process, and back in force when it returns to process or is deleted', async () => {
    const target = await norm();
    const repealer = await norm('process');
    await link(repealer, target, 'repeals');
    expect(await forceOf(target)).toBe('in_force');
    await db.execute(sql`update regulations set state = 'approved', number = ${nextNumber++} where id = ${repealer}`);
    expect(await forceOf(target)).toBe('repealed');
    await db.execute(sql`update regulations set state = 'process', number = null where id = ${repealer}`);
    expect(await forceOf(target)).toBe('in_force');
    await db.execute(sql`update regulations set state = 'approved', number = ${nextNumber++} where id = ${repealer}`);
    await db.execute(sql`delete from regulations where id = ${repealer}`);
    expect(await forceOf(target)).toBe('in_force');
  });

  it('keeps a repeal made by a norm that is itself repealed later (Argentine law: no revival)', async () => {
    const [first, second, third] = [await norm(), await norm(), await norm()];
    await link(second, first, 'repeals');
    await link(third, second, 'repeals');
    expect([await forceOf(first), await forceOf(second), await forceOf(third)]).toEqual(['repealed', 'repealed', 'in_force']);
  });

  it('follows a link whose kind changes in place', async () => {
    const [target, other] = [await norm(), await norm()];
    await link(other, target, 'modifies');
    await db.execute(sql`update regulation_links set kind = 'repeals' where modifier_id = ${other} and modified_id = ${target}`);
    expect(await forceOf(target)).toBe('repealed');
    await db.execute(sql`update regulation_links set kind = 'regulates' where modifier_id = ${other} and modified_id = ${target}`);
    expect(await forceOf(target)).toBe('in_force');
  });
});
