import type { Tx } from '../db/client.js';
import { alertEvents } from '../db/schema/index.js';

/** One thing a citizens' alert digest will tell (modules/subscriptions reads them). */
export type AlertEvent = typeof alertEvents.$inferInsert;

/**
 * Writes what the next digest tells, inside the transaction of the change (a crash after it loses
 * nothing). The modules that make public changes (regulations, day-orders) write here; the
 * subscriptions module reads and deletes them.
 */
export async function recordAlertEvents(tx: Pick<Tx, 'insert'>, events: AlertEvent[]): Promise<void> {
  if (events.length) await tx.insert(alertEvents).values(events);
}
