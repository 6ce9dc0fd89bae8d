import {
  LEGAL_FORCE_MESSAGES,
  REGULATION_LINK_KIND_LABELS,
  REGULATION_TYPE_LABELS,
  can,
  type LegalForceFacts,
  type LegalForceFactsAnswer,
  type LinkDetails,
  type LinkDetailsAnswer,
} from '@concejo/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/client.js';
import { addJob } from '../../queue/queue.js';
import type { Clock } from '../../lib/clock.js';
import { Forbidden, NotFound, ValidationFailed } from '../../lib/errors.js';
import { announcePublicChange } from '../../lib/public-changes.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { RegulationRepository } from './repository.js';

interface Deps {
  db: Database;
  repository: RegulationRepository;
  clock: Clock;
  /** The council's zone: its midnight is when a day's legal force begins. */
  timeZone: string;
  log: FastifyBaseLogger;
}

const cell = (value: string | null) => (value === null || value === '' ? null : value);

/**
 * The facts a norm's legal force is computed from that the staff write by hand (DESIGN.md 9.2): the
 * note on a link ("arts. 3 a 5") and a suspension's last day, the term written in a norm and the day
 * it was declared null. The force itself follows in the database (migration 0023); each change goes
 * into the norm's modification history. Those who set links set these (admin, asesor), on archive
 * norms too: most links point at them.
 */
export function createLegalForceService({ db, repository, clock, timeZone, log }: Deps) {
  async function lockLinkable(tx: Tx, user: AuthUser, regulationId: number) {
    if (!can(user.role, 'regulations.link')) throw new Forbidden();
    const row = await repository.lock(tx, regulationId);
    if (!row) throw new NotFound('No se encontró la normativa.');
    return row;
  }

  async function record(tx: Tx, regulationId: number, userId: number, entries: { nameCell: string; oldCell: string | null; newCell: string | null }[]) {
    if (!entries.length) return;
    await repository.addHistory(tx, regulationId, userId, clock.now(), entries);
    await announcePublicChange(tx, 'regulations');
  }

  return {
    /**
     * The `legal-force-day` job: the stored (today's) legal force of the norms whose force changes with
     * the day alone (a suspension that ends, a term that passes, a repeal that takes effect) is computed
     * again just after the council's midnight, and the next run is queued (once, by its key). Also run
     * at start: a server stopped over a midnight catches up.
     */
    async runDay(): Promise<number> {
      const { changed, nextRun } = await repository.refreshDayForces(timeZone);
      if (changed > 0) {
        await announcePublicChange(db, 'regulations');
        log.info({ changed }, 'legal force of the day recomputed');
      }
      await addJob(db, 'legal-force-day', {}, { key: `legal-force-day:${nextRun.toISOString()}`, runAt: nextRun });
      return changed;
    },


    /** Sets the note and/or a suspension's last day of the link between two norms (either way round). */
    async annotateLink(user: AuthUser, regulationId: number, otherId: number, details: LinkDetails): Promise<LinkDetailsAnswer> {
      return repository.transaction(async (tx) => {
        await lockLinkable(tx, user, regulationId);
        const link = await repository.linkBetween(tx, regulationId, otherId);
        if (!link) throw new NotFound(LEGAL_FORCE_MESSAGES.noLink);
        if (details.until && link.kind !== 'suspends') throw ValidationFailed.field('until', LEGAL_FORCE_MESSAGES.untilOnlySuspension);
        const next = { note: details.note === undefined ? link.note : details.note, until: details.until === undefined ? link.until : details.until };
        const named = `Vínculo: ${REGULATION_LINK_KIND_LABELS[link.kind]} ${REGULATION_TYPE_LABELS[link.other.type]} N° ${link.other.number ?? 's/n'}`;
        const entries = [
          ...(next.note !== link.note ? [{ nameCell: `${named} (nota)`, oldCell: cell(link.note), newCell: cell(next.note) }] : []),
          ...(next.until !== link.until ? [{ nameCell: `${named} (hasta)`, oldCell: cell(link.until), newCell: cell(next.until) }] : []),
        ];
        if (entries.length) await repository.setLinkDetails(tx, link, next);
        await record(tx, regulationId, user.id, entries);
        return { kind: link.kind, direction: link.direction, note: next.note, until: next.until };
      });
    },

    /** Sets or clears the term written in a norm and the day it was declared null; answers its force today. */
    async setOwnFacts(user: AuthUser, regulationId: number, facts: LegalForceFacts): Promise<LegalForceFactsAnswer> {
      return repository.transaction(async (tx) => {
        const row = await lockLinkable(tx, user, regulationId);
        const next = { inForceUntil: facts.in_force_until === undefined ? row.inForceUntil : facts.in_force_until, voidedOn: facts.voided_on === undefined ? row.voidedOn : facts.voided_on };
        const entries = [
          ...(next.inForceUntil !== row.inForceUntil ? [{ nameCell: 'Vigencia: vigente hasta', oldCell: row.inForceUntil, newCell: next.inForceUntil }] : []),
          ...(next.voidedOn !== row.voidedOn ? [{ nameCell: 'Vigencia: declarada nula el', oldCell: row.voidedOn, newCell: next.voidedOn }] : []),
        ];
        const legalForce = entries.length ? await repository.setOwnForceFacts(tx, regulationId, next) : row.legalForce;
        await record(tx, regulationId, user.id, entries);
        return { in_force_until: next.inForceUntil, voided_on: next.voidedOn, legal_force: legalForce };
      });
    },
  };
}
export type LegalForceService = ReturnType<typeof createLegalForceService>;
