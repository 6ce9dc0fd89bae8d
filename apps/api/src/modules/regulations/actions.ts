import {
  ACTION_MESSAGES,
  EXPEDIENTE_LETTERS,
  MAX_ACTIONS_PER_REGULATION,
  REGULATION_ACTION_LABELS,
  actionOrderError,
  actionSummary,
  formatExpediente,
  type ActionChanges,
  type ActionDetails,
  type AuthorType,
  type NewAction,
  type RegulationAction,
  type RegulationActionKind,
} from '@concejo/contracts';
import { createReadStream } from 'node:fs';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../db/client.js';
import { expedienteCounters, regulationActions, regulations } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import type { Documents } from '../../lib/documents/documents.js';
import type { SpooledFile } from '../../lib/multipart.js';
import type { Storage } from '../../lib/storage.js';
import { Conflict, Forbidden, NotFound, ValidationFailed } from '../../lib/errors.js';
import { removeFiles } from '../../lib/images.js';
import { recordAlertEvents } from '../../lib/alert-outbox.js';
import { announcePublicChange } from '../../lib/public-changes.js';
import { NO_ACTION_DETAILS, presentAction } from '../../lib/regulation-actions.js';
import type { AuthUser } from '../../plugins/auth.js';
import { PDF_CHECK_MESSAGES } from './drafts.js';
import { regulationPolicy as policy } from './policy.js';
import type { RegulationRepository } from './repository.js';

type ActionRow = typeof regulationActions.$inferSelect;

/** The history line of a step: «Trámite: Giro a comisión» with its date and details. */
function historyCell(action: { kind: RegulationActionKind; date: string; note?: string | null } & Partial<ActionDetails>): string {
  const summary = actionSummary({ ...NO_ACTION_DETAILS, ...action });
  return [action.date, summary, action.note].filter(Boolean).join(' · ');
}

/** The trámite's rows: the store the regulations service and the actions service share. */
export function createActionStore(db: Database) {
  return {
    /**
     * The next expediente of a year of registration, `{sequence}-{letter}-{year}`: the counter's row is
     * locked to the transaction's end, so two registrations never share a number, and a registration
     * that fails gives its number back (the counter's update rolls back with it).
     */
    async nextExpediente(tx: Tx, year: number, authorType: AuthorType | null): Promise<string> {
      const [row] = await tx
        .insert(expedienteCounters)
        .values({ year, last: 1 })
        .onConflictDoUpdate({ target: expedienteCounters.year, set: { last: sql`${expedienteCounters.last} + 1` } })
        .returning({ last: expedienteCounters.last });
      return formatExpediente(row!.last, EXPEDIENTE_LETTERS[authorType ?? 'concejal'], year);
    },

    async list(regulationId: number, client: Db = db): Promise<ActionRow[]> {
      return client.select().from(regulationActions).where(eq(regulationActions.regulationId, regulationId)).orderBy(asc(regulationActions.date), asc(regulationActions.id));
    },

    async insert(tx: Db, values: typeof regulationActions.$inferInsert): Promise<ActionRow> {
      const [row] = await tx.insert(regulationActions).values(values).returning();
      await refreshDates(tx, row!.regulationId);
      return row!;
    },

    /** Writes an automatic step (ingreso, sanción, orden del día) once: a second one of the same kind is not added. */
    async addAutomatic(tx: Db, regulationId: number, kind: RegulationActionKind, date: string, details: Partial<ActionDetails> = {}): Promise<void> {
      const [existing] = await tx
        .select({ id: regulationActions.id })
        .from(regulationActions)
        .where(and(eq(regulationActions.regulationId, regulationId), eq(regulationActions.kind, kind), eq(regulationActions.automatic, true)));
      if (existing) return;
      await tx.insert(regulationActions).values({ regulationId, kind, date, details, automatic: true });
      await refreshDates(tx, regulationId);
    },

    async setDate(tx: Db, id: number, date: string): Promise<void> {
      const [row] = await tx.update(regulationActions).set({ date }).where(eq(regulationActions.id, id)).returning({ regulationId: regulationActions.regulationId });
      if (row) await refreshDates(tx, row.regulationId);
    },

    async setPdf(tx: Db, id: number, key: string | null): Promise<void> {
      await tx.update(regulationActions).set({ pdf: key }).where(eq(regulationActions.id, id));
    },

    async delete(tx: Db, id: number): Promise<void> {
      const [row] = await tx.delete(regulationActions).where(eq(regulationActions.id, id)).returning({ regulationId: regulationActions.regulationId });
      if (row) await refreshDates(tx, row.regulationId);
    },
  };
}

/**
 * The norm's dates (regulations.enacted_on ... in_force_from) from its steps as they now stand, in the
 * transaction that changed them: the latest sanción, promulgación and publicación, and in force from
 * that publication or the day it names. Its page changed: `updated_at` moves (the sitemap's lastmod), and
 * the row's write brings the public search's index up to date.
 */
async function refreshDates(tx: Db, regulationId: number): Promise<void> {
  const latest = (kind: RegulationActionKind) =>
    sql`(select max(a.date) from ${regulationActions} a where a.regulation_id = ${regulations.id} and a.kind = ${kind})`;
  await tx.execute(sql`
    update ${regulations} set
      updated_at = now(),
      enacted_on = ${latest('sancion')},
      promulgated_on = ${latest('promulgacion')},
      (published_on, in_force_from) = (
        select a.date, coalesce((a.details ->> 'in_force_from')::date, a.date) from ${regulationActions} a
        where a.regulation_id = ${regulations.id} and a.kind = 'publicacion' order by a.date desc, a.id desc limit 1)
    where ${regulations.id} = ${regulationId}`);
}

export type ActionStore = ReturnType<typeof createActionStore>;

interface Deps {
  repository: RegulationRepository;
  actions: ActionStore;
  clock: Clock;
  pdfUrl: (key: string) => string;
  storage: Storage;
  documents: Pick<Documents, 'checkPdf'>;
}

/** Where the despachos' PDFs are stored: public while their norm is (lib/file-folders.ts). */
export const STEP_PDF_FOLDER = 'regulation-steps';

/**
 * The trámite of a norm (DESIGN.md 9.2): the staff who may edit a regulation add its manual steps,
 * delete them, and correct the date of any step; each change keeps the path's order and goes into the
 * regulation's modification history.
 */
export function createActionService({ repository, actions, clock, pdfUrl, storage, documents }: Deps) {
  /** The regulation locked for a change of its trámite, with the user's right to change it checked. */
  async function lockEditable(tx: Tx, user: AuthUser, regulationId: number) {
    const row = await repository.lock(tx, regulationId);
    if (!row) throw new NotFound('No se encontró la normativa.');
    if (row.isOld) throw ValidationFailed.field('kind', ACTION_MESSAGES.noExpediente);
    if (!policy.canUpdate(user, row)) throw new Forbidden();
    return row;
  }

  function assertOrder(existing: readonly ActionRow[], candidate: { id?: number; kind: RegulationActionKind; date: string }) {
    const error = actionOrderError(existing, candidate);
    if (error) throw ValidationFailed.field('date', error);
  }

  async function record(tx: Tx, regulationId: number, userId: number, entry: { nameCell: string; oldCell: string | null; newCell: string | null }) {
    await repository.addHistory(tx, regulationId, userId, clock.now(), [entry]);
    await announcePublicChange(tx, 'regulations');
  }

  /** A stored file no record uses any more: removed after the commit (the orphan sweep catches a failure). */
  const forget = (key: string | null) => removeFiles(storage, key ? [key] : []);

  /** The step `actionId` among a regulation's steps, a despacho (404 or 422 otherwise). */
  function despachoOf(steps: readonly ActionRow[], actionId: number): ActionRow {
    const action = steps.find((candidate) => candidate.id === actionId);
    if (!action) throw new NotFound('No se encontró el paso del trámite.');
    if (action.kind !== 'despacho') throw ValidationFailed.field('pdf', ACTION_MESSAGES.pdfOnlyDespacho);
    return action;
  }

  /** The step `actionId` of the regulation, locked for a change of its PDF. */
  async function lockedDespacho(tx: Tx, user: AuthUser, regulationId: number, actionId: number) {
    await lockEditable(tx, user, regulationId);
    return despachoOf(await actions.list(regulationId, tx), actionId);
  }

  /** The history line of a change of a despacho's PDF. */
  const pdfHistoryName = (step: ActionRow) => `Trámite: PDF de ${REGULATION_ACTION_LABELS[step.kind]} del ${step.date}`;

  return {
    /**
     * Whether the user may change this regulation's trámite, from the row as it stands: the routes ask
     * before the body is read, so that a route closed to a caller answers 403 whatever it sends.
     */
    async assertEditable(user: AuthUser, regulationId: number): Promise<void> {
      const row = await repository.find(regulationId);
      if (!row) throw new NotFound('No se encontró la normativa.');
      if (!row.isOld && !policy.canUpdate(user, row)) throw new Forbidden();
    },

    async list(user: AuthUser, regulationId: number): Promise<RegulationAction[]> {
      const row = await repository.find(regulationId);
      if (!row) throw new NotFound('No se encontró la normativa.');
      if (!policy.canSeeDetails(user, row)) throw new Forbidden();
      return (await actions.list(regulationId)).map((action) => presentAction(action, pdfUrl));
    },

    async add(user: AuthUser, regulationId: number, action: NewAction): Promise<RegulationAction> {
      return repository.transaction(async (tx) => {
        await lockEditable(tx, user, regulationId);
        const existing = await actions.list(regulationId, tx);
        if (existing.length >= MAX_ACTIONS_PER_REGULATION) throw ValidationFailed.field('kind', ACTION_MESSAGES.tooMany);
        assertOrder(existing, action);
        const { kind, date, note, ...details } = action;
        const row = await actions.insert(tx, { regulationId, kind, date, note: note ?? null, details, automatic: false, createdBy: user.id });
        await record(tx, regulationId, user.id, { nameCell: `Trámite: ${REGULATION_ACTION_LABELS[kind]}`, oldCell: null, newCell: historyCell(action) });
        // Those who follow the norm or project (or a search it meets) hear of the step in the next digest,
        // if it is public then: the digest asks (publicSteps), so a project an agenda lists later counts too.
        await recordAlertEvents(tx, [{ kind: 'regulation-step', regulationId, actionId: row.id }]);
        return presentAction(row, pdfUrl);
      });
    },

    async redate(user: AuthUser, regulationId: number, actionId: number, { date }: ActionChanges): Promise<RegulationAction> {
      return repository.transaction(async (tx) => {
        await lockEditable(tx, user, regulationId);
        const existing = await actions.list(regulationId, tx);
        const action = existing.find((candidate) => candidate.id === actionId);
        if (!action) throw new NotFound('No se encontró el paso del trámite.');
        assertOrder(existing, { id: action.id, kind: action.kind, date });
        if (date !== action.date) {
          await actions.setDate(tx, action.id, date);
          await record(tx, regulationId, user.id, { nameCell: `Trámite: fecha de ${REGULATION_ACTION_LABELS[action.kind]}`, oldCell: action.date, newCell: date });
        }
        return presentAction({ ...action, date }, pdfUrl);
      });
    },

    async remove(user: AuthUser, regulationId: number, actionId: number): Promise<void> {
      await repository.transaction(async (tx) => {
        await lockEditable(tx, user, regulationId);
        const existing = await actions.list(regulationId, tx);
        const action = existing.find((candidate) => candidate.id === actionId);
        if (!action) throw new NotFound('No se encontró el paso del trámite.');
        if (action.automatic) throw new Conflict(ACTION_MESSAGES.notAutomatic);
        await actions.delete(tx, action.id);
        await record(tx, regulationId, user.id, { nameCell: `Trámite: ${REGULATION_ACTION_LABELS[action.kind]}`, oldCell: historyCell({ ...action, ...action.details }), newCell: null });
        return action.pdf;
      }).then(forget);
    },

    /**
     * Attaches the despacho's PDF, or replaces the one it had (removed once the change is committed).
     * The file is checked to be a PDF that opens before anything is stored. 422 when the step is no
     * despacho or the file is missing or no PDF.
     */
    async attachPdf(user: AuthUser, regulationId: number, actionId: number, file: SpooledFile | null | undefined): Promise<RegulationAction> {
      // The step is read first (the caller's right was checked before the body): a form sent to a step
      // that is no despacho costs no PDF check. The write below checks it again, locked.
      despachoOf(await actions.list(regulationId), actionId);
      if (!file) throw ValidationFailed.field('pdf', ACTION_MESSAGES.pdfMissing);
      const check = await documents.checkPdf(file);
      if (check !== 'pdf') throw ValidationFailed.field('pdf', PDF_CHECK_MESSAGES[check]);
      const key = await storage.put(STEP_PDF_FOLDER, 'pdf', createReadStream(file.path));
      try {
        const { action, previous } = await repository.transaction(async (tx) => {
          const step = await lockedDespacho(tx, user, regulationId, actionId);
          await actions.setPdf(tx, step.id, key);
          await record(tx, regulationId, user.id, { nameCell: pdfHistoryName(step), oldCell: step.pdf ? 'PDF anterior' : null, newCell: 'PDF adjunto' });
          return { action: { ...step, pdf: key }, previous: step.pdf };
        });
        await forget(previous);
        return presentAction(action, pdfUrl);
      } catch (error) {
        await forget(key);
        throw error;
      }
    },

    /** Removes the despacho's PDF. 422 when it has none. */
    async removePdf(user: AuthUser, regulationId: number, actionId: number): Promise<RegulationAction> {
      const { action, previous } = await repository.transaction(async (tx) => {
        const step = await lockedDespacho(tx, user, regulationId, actionId);
        if (!step.pdf) throw ValidationFailed.field('pdf', ACTION_MESSAGES.noPdf);
        await actions.setPdf(tx, step.id, null);
        await record(tx, regulationId, user.id, { nameCell: pdfHistoryName(step), oldCell: 'PDF adjunto', newCell: null });
        return { action: { ...step, pdf: null }, previous: step.pdf };
      });
      await forget(previous);
      return presentAction(action, pdfUrl);
    },
  };
}

export type ActionService = ReturnType<typeof createActionService>;

