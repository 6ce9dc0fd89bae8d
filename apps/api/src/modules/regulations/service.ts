import {
  REGULATION_TYPE_LABELS,
  REGULATION_MESSAGES,
  applyDefaults,
  canHaveLinks,
  refusesFields,
  validateDraft,
  type CreateRegulationFields,
  type OldRegulationFields,
  type RegulationChanges,
  type RegulationDraft,
  type LinkedRegulationRef,
  type RegulationRef,
  type RegulationDetail,
  type StaffRegulationList,
  type StaffRegulationQuery,
  councilDay,
  toInstant,
} from '@concejo/contracts';
import { createReadStream } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { audit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { Conflict, Forbidden, NotFound, ValidationFailed } from '../../lib/errors.js';
import { announcePublicChange } from '../../lib/public-changes.js';
import type { Documents } from '../../lib/documents/documents.js';
import { startsAsPdf } from '../../lib/pdf.js';
import type { Storage } from '../../lib/storage.js';
import type { SpooledFile } from '../../lib/upload-spool.js';
import type { AuthUser } from '../../plugins/auth.js';
import { recordAlertEvents } from '../../lib/alert-outbox.js';
import { alertEventsOfSave } from './alert-events.js';
import { isPublicNorm } from '../../lib/public-norm.js';
import { diffForHistory, type HistorySnapshot } from './history.js';
import { changesLinks, linksAfterChanges, linksOfFields, type Link } from './links.js';
import { regulationPolicy as policy } from './policy.js';
import { presentDetail, presentListItem, type FileUrls } from './presenter.js';
import type { Tx } from '../../db/client.js';
import type { RegulationRepository } from './repository.js';
import type { ActionStore } from './actions.js';
import { presentAction } from '../../lib/regulation-actions.js';
import type { PDF_FIELDS, PdfUploads } from './drafts.js';
import { applyChanges, checkPdfs, historyOf, PDF_CHECK_MESSAGES, sameList, TEXT_PENDING, throwIfInvalid, valuesOf } from './drafts.js';

/** Rows on a page of the staff list. */
export const PER_PAGE = 15;

export const FOLDERS = { process: 'regulations-process', approved: 'regulations-approved' } as const;

interface Deps {
  repository: RegulationRepository;
  /** The trámite's rows: registration writes the expediente and its ingreso, approval its sanción. */
  actions: ActionStore;
  /** Opens uploaded PDFs in the document worker. */
  documents: Pick<Documents, 'checkPdf'>;
  storage: Storage;
  clock: Clock;
  urls: FileUrls;
  timeZone: string;
  log: FastifyBaseLogger;
}


/**
 * The regulations registry: registering, listing, modifying, linking and tracing normativas. (Over 300
 * lines on purpose: registering, modifying and loading old ones share the checks that need the
 * database and the worker, and the stored-file handling, in this one closure; the pure steps are
 * drafts.ts; what citizens read of the registry is modules/public-search.)
 */
export function createRegulationService({ repository, actions, documents, storage, clock, urls, timeZone, log }: Deps) {
  /** One regulation as the staff see it: its whole snapshot (one statement) and its history. */
  async function detail(user: AuthUser, id: number, client?: Tx): Promise<RegulationDetail> {
    const [found, history] = await Promise.all([repository.snapshot(id, { client }), repository.historyOf(id, client)]);
    if (!found) throw new NotFound('No se encontró la normativa.');
    const item = presentListItem(found.row, { authors: found.authors, keywords: found.keywords }, user, urls);
    return presentDetail(item, found.row, { modified: found.modified, modifying: found.modifying }, history, found.actions.map((step) => presentAction(step, urls.privatePdf)));
  }

  /**
   * Every uploaded PDF must open as one, in the document worker. Called after the cheaper checks,
   * so that a request refused anyway costs no worker time.
   */
  async function assertPdfsOpen(files: Partial<Record<string, SpooledFile | null>>) {
    const errors: Record<string, string[]> = {};
    for (const [field, file] of Object.entries(files)) {
      if (!file) continue;
      const check = await documents.checkPdf(file);
      if (check !== 'pdf') errors[field] = [PDF_CHECK_MESSAGES[check]];
    }
    throwIfInvalid(errors);
  }

  /** Links must point to existing norms that can be linked; returns them as references, by id. */
  async function assertLinkable(ids: readonly number[], client?: Tx): Promise<Map<number, RegulationRef>> {
    if (!ids.length) return new Map();
    const found = await repository.findLinkable(ids, client);
    const usable = new Map(found.filter((norm) => canHaveLinks(norm.type, norm.demType)).map((norm) => [norm.id, norm]));
    if (ids.some((id) => !usable.has(id))) {
      throw ValidationFailed.field('modifies', 'Alguna de las normas relacionadas no existe o no admite relaciones.');
    }
    return new Map([...usable].map(([id, norm]) => [id, { id, type: norm.type, number: norm.number, subject: norm.subject }]));
  }

  async function assertNumberFree(draft: Pick<RegulationDraft, 'type' | 'number'>, exceptId?: number, client?: Tx) {
    if (draft.number === null) return;
    const existing = await repository.findByTypeAndNumber(draft.type, draft.number, exceptId, client);
    if (existing) {
      throw ValidationFailed.field(
        'number',
        `Ya existe ${REGULATION_TYPE_LABELS[draft.type]} N° ${draft.number} (Cargo N° ${existing.cargo}).`,
      );
    }
  }

  /**
   * Stores the new PDFs, each streamed from its spooled file (to the bucket part by part); if the write
   * that follows fails, they are removed again.
   */
  async function withStoredFiles<T>(files: Partial<Record<(typeof PDF_FIELDS)[number], SpooledFile>>, write: (keys: Partial<Record<(typeof PDF_FIELDS)[number], string>>) => Promise<T>) {
    const keys: Partial<Record<(typeof PDF_FIELDS)[number], string>> = {};
    try {
      if (files.pdf_process) keys.pdf_process = await storage.put(FOLDERS.process, 'pdf', createReadStream(files.pdf_process.path));
      if (files.pdf_approved) keys.pdf_approved = await storage.put(FOLDERS.approved, 'pdf', createReadStream(files.pdf_approved.path));
      return await write(keys);
    } catch (error) {
      await Promise.all(Object.values(keys).map((key) => storage.remove(key).catch(() => undefined)));
      throw error;
    }
  }

  return {
    detail(user: AuthUser, id: number) {
      return detail(user, id);
    },

    async list(user: AuthUser, query: StaffRegulationQuery): Promise<StaffRegulationList> {
      const { rows, total, capped } = await repository.list(query, { perPage: PER_PAGE, timeZone });
      const ids = rows.map((row) => row.id);
      const [authors, keywords, userName] = await Promise.all([
        repository.authorsOf(ids),
        repository.keywordsOf(ids),
        repository.fullNameOf(user.id),
      ]);
      return {
        current_page: query.page,
        data: rows.map((row) => presentListItem(row, { authors: authors.get(row.id) ?? [], keywords: keywords.get(row.id) ?? [] }, user, urls)),
        total,
        total_capped: capped,
        per_page: PER_PAGE,
        last_page: Math.max(1, Math.ceil(total / PER_PAGE)),
        userName,
      };
    },

    related(query: { search: string; type?: RegulationDetail['type']; id?: number }) {
      return repository.related(query.search, { type: query.type, exceptId: query.id });
    },

    async create(user: AuthUser, { fields, files }: { fields: CreateRegulationFields; files: PdfUploads }): Promise<RegulationDetail> {
      const pdfs = checkPdfs(files);
      const role = user.role;
      const links = linksOfFields(fields);
      const refused = refusesFields(role, 'create', {
        type: fields.type,
        state: fields.state,
        creationDate: fields.creation_date !== undefined,
        demType: fields.dem_type !== undefined,
        number: fields.number !== undefined,
        keywords: fields.keywords.length > 0,
        links: links.outgoing.length + links.incoming.length > 0,
        processPdf: pdfs.pdf_process !== undefined,
        approvedPdf: pdfs.pdf_approved !== undefined,
      });
      if (refused) throw new Forbidden();

      const ownName = role === 'concejal' ? await repository.fullNameOf(user.id) : '';
      const draft = applyDefaults(
        {
          type: fields.type,
          demType: fields.dem_type ?? null,
          number: fields.number ?? null,
          authorType: fields.author_type ?? null,
          authors: fields.authors,
          state: fields.state,
          keywords: fields.keywords,
          subject: fields.subject,
          hasProcessPdf: Boolean(pdfs.pdf_process),
          hasApprovedPdf: Boolean(pdfs.pdf_approved),
          modifies: links.outgoing.map((link) => link.id),
          modifiedBy: links.incoming.map((link) => link.id),
        },
        role,
        'create',
        ownName,
      );
      throwIfInvalid(validateDraft(draft, { role, mode: 'create' }));
      await assertLinkable([...draft.modifies, ...draft.modifiedBy]);
      await assertNumberFree(draft);
      await assertPdfsOpen(pdfs);

      const now = clock.now();
      const createdAt = fields.creation_date ? toInstant(fields.creation_date, timeZone) : now;
      const id = await withStoredFiles({ pdf_process: pdfs.pdf_process ?? undefined, pdf_approved: pdfs.pdf_approved ?? undefined }, (keys) =>
        repository.transaction(async (tx) => {
          const today = councilDay(now, timeZone);
          const row = await repository.insert(tx, {
            ...valuesOf(draft),
            expediente: await actions.nextExpediente(tx, Number(today.slice(0, 4)), draft.authorType),
            pdfProcess: keys.pdf_process ?? null,
            pdfApproved: keys.pdf_approved ?? null,
            isOld: false,
            createdBy: user.id,
            createdAt,
            approvedAt: draft.state === 'approved' ? now : null,
          });
          // The path starts on the day it was registered (or the creation date the admin gave); a norm
          // registered approved is sanctioned that same day (DESIGN.md 9.2).
          const entered = councilDay(createdAt, timeZone);
          await actions.addAutomatic(tx, row.id, 'ingreso', entered);
          if (draft.state === 'approved') await actions.addAutomatic(tx, row.id, 'sancion', fields.creation_date ? entered : today);
          if (draft.authors.length) await repository.replaceAuthors(tx, row.id, draft.authors);
          if (draft.keywords.length) await repository.replaceKeywords(tx, row.id, draft.keywords);
          await repository.replaceLinks(tx, row.id, links);
          await repository.refreshSearchDocument(tx, row.id);
          if (keys.pdf_process || keys.pdf_approved) await repository.markTextPending(tx, row.id);
          await announcePublicChange(tx, 'regulations');
          const isPublic = isPublicNorm({ state: draft.state, isOld: false, type: draft.type });
          await recordAlertEvents(tx, alertEventsOfSave({ id: row.id, wasPublic: false, isPublic, outgoing: { before: [], after: links.outgoing }, incoming: { before: [], after: links.incoming } }));
          return row.id;
        }),
      );
      return detail(user, id);
    },

    /**
     * Modifies a regulation (spec 7.3) as one pipeline in one transaction: what the role may not send
     * is refused before anything is read, and the new PDFs are checked and stored before the row is
     * locked (the lock is not held while a worker opens a file). Then, under the lock: the snapshot,
     * the changes applied, the rules checked, the row and its lists saved, and the difference written
     * to the history, in that order; replaced files go once the change is committed.
     */
    async update(user: AuthUser, id: number, { fields, files }: { fields: { changes: RegulationChanges; version: number }; files: PdfUploads }): Promise<RegulationDetail> {
      const { changes, version } = fields;
      const pdfs = checkPdfs(files);
      const role = user.role;
      const refused = refusesFields(role, 'update', {
        stateChange: changes.state !== undefined,
        demType: changes.dem_type !== undefined,
        number: changes.number !== undefined,
        keywords: changes.keywords !== undefined,
        links: changesLinks(changes),
        processPdf: pdfs.pdf_process !== undefined,
        approvedPdf: pdfs.pdf_approved !== undefined,
      });
      if (refused) throw new Forbidden();
      await assertPdfsOpen(pdfs);

      const now = clock.now();
      const replaced: string[] = [];
      await withStoredFiles({ pdf_process: pdfs.pdf_process ?? undefined, pdf_approved: pdfs.pdf_approved ?? undefined }, (keys) =>
        repository.transaction(async (tx) => {
          // Run again after a deadlock (repository.transaction): nothing from a stopped attempt is kept.
          replaced.length = 0;
          // 1. Lock and snapshot: the "before" of the history is read under the lock.
          const before = await repository.snapshot(id, { client: tx, lock: true, forUserId: user.id });
          if (!before) throw new NotFound('No se encontró la normativa.');
          if (!policy.canUpdate(user, before.row)) throw new Forbidden();
          if (before.row.version !== version) throw new Conflict();

          // 2. Apply the changes to it.
          const pdfProcess = pdfs.pdf_process === undefined ? before.row.pdfProcess : (keys.pdf_process ?? null);
          const pdfApproved = pdfs.pdf_approved === undefined ? before.row.pdfApproved : (keys.pdf_approved ?? null);
          const links = linksAfterChanges(before, changes);
          const draft = applyChanges(before, changes, links, { pdfProcess, pdfApproved }, role);

          // 3. Validate: the rules, then what needs the database (only for what changed).
          throwIfInvalid(validateDraft(draft, { role, mode: 'update', selfId: id }));
          const sent = [...(links.outgoing ?? []), ...(links.incoming ?? [])].map((link) => link.id);
          const linked = await assertLinkable(sent, tx);
          if (draft.number !== before.row.number) await assertNumberFree(draft, id, tx);

          // 4. Save what changed.
          const approvedAt = draft.state !== 'approved' ? null : before.row.state === 'approved' ? before.row.approvedAt : now;
          const pdfsChanged = pdfProcess !== before.row.pdfProcess || pdfApproved !== before.row.pdfApproved;
          // A new approved PDF is not known to be a scan until its text is read again.
          const ocrReset = pdfApproved !== before.row.pdfApproved ? { approvedTextOcr: false } : {};
          await repository.update(tx, id, { ...valuesOf(draft), pdfProcess, pdfApproved, approvedAt, ...(pdfsChanged ? TEXT_PENDING : {}), ...ocrReset }, now);
          const authorsChanged = !sameList(draft.authors, before.authors);
          const keywordsChanged = !sameList(draft.keywords, before.keywords);
          if (authorsChanged) await repository.replaceAuthors(tx, id, draft.authors);
          if (keywordsChanged) await repository.replaceKeywords(tx, id, draft.keywords);
          await repository.replaceLinks(tx, id, links);
          if (authorsChanged || keywordsChanged || draft.subject !== before.row.subject) await repository.refreshSearchDocument(tx, id);
          if (pdfsChanged) await repository.queueText(tx, id);
          // Approval writes the sanción (until the sessions record outcomes, DESIGN.md 9.2).
          if (draft.state === 'approved' && before.row.state !== 'approved' && !before.row.isOld) {
            await actions.addAutomatic(tx, id, 'sancion', councilDay(now, timeZone));
          }

          // 5. The difference, into the history.
          const refs = (side: Link[] | undefined, old: LinkedRegulationRef[]) => (side ? side.map(({ id: other, kind }) => ({ ...linked.get(other)!, kind })) : old);
          const after: HistorySnapshot = {
            ...valuesOf(draft),
            createdAt: before.row.createdAt,
            pdfProcess,
            pdfApproved,
            authors: draft.authors,
            keywords: draft.keywords,
            modifies: refs(links.outgoing, before.modified),
            modifiedBy: refs(links.incoming, before.modifying),
          };
          await repository.addHistory(tx, id, user.id, now, diffForHistory(historyOf(before), after));
          await announcePublicChange(tx, 'regulations');
          await recordAlertEvents(
            tx,
            alertEventsOfSave({
              id,
              wasPublic: isPublicNorm(before.row),
              isPublic: isPublicNorm({ ...before.row, state: draft.state, type: draft.type }),
              outgoing: { before: before.modified, after: links.outgoing },
              incoming: { before: before.modifying, after: links.incoming },
            }),
          );
          if (pdfProcess !== before.row.pdfProcess && before.row.pdfProcess) replaced.push(before.row.pdfProcess);
          if (pdfApproved !== before.row.pdfApproved && before.row.pdfApproved) replaced.push(before.row.pdfApproved);
        }),
      );
      // Only once the change is committed do the replaced files go.
      await Promise.all(replaced.map((key) => storage.remove(key).catch((error) => log.warn({ err: error, key }, 'could not remove file'))));
      return detail(user, id);
    },

    async createOld(user: AuthUser, { fields, files }: { fields: OldRegulationFields; files: { pdf?: SpooledFile | null } }): Promise<RegulationDetail> {
      const pdf = files.pdf;
      if (pdf === undefined || pdf === null) throw ValidationFailed.field('pdf', REGULATION_MESSAGES.pdfRequired);
      if (!startsAsPdf(pdf.head)) throw ValidationFailed.field('pdf', REGULATION_MESSAGES.pdfOnly);
      if (fields.type === 'dem-message' && !fields.dem_type) throw ValidationFailed.field('dem_type', REGULATION_MESSAGES.demTypeRequired);
      await assertNumberFree(fields);
      await assertPdfsOpen({ pdf });
      const id = await withStoredFiles({ pdf_approved: pdf }, (keys) =>
        repository.transaction(async (tx) => {
          const row = await repository.insert(tx, {
            type: fields.type,
            demType: fields.type === 'dem-message' ? (fields.dem_type ?? null) : null,
            number: fields.number,
            subject: '',
            state: 'approved',
            authorType: null,
            pdfProcess: null,
            pdfApproved: keys.pdf_approved ?? null,
            isOld: true,
            createdBy: user.id,
            // Noon UTC: the same calendar day in every time zone within 11 hours of it.
            createdAt: new Date(`${fields.date}T12:00:00Z`),
            // Loaded from the archive, not newly approved: it stays out of the feed of new norms.
            approvedAt: null,
          });
          // The date it was loaded with is its enactment (DESIGN.md 9.2): what its page and JSON-LD give.
          await actions.addAutomatic(tx, row.id, 'sancion', fields.date);
          await repository.replaceKeywords(tx, row.id, fields.keywords);
          await repository.refreshSearchDocument(tx, row.id);
          await repository.markTextPending(tx, row.id);
          await announcePublicChange(tx, 'regulations');
          if (isPublicNorm(row)) await recordAlertEvents(tx, [{ kind: 'regulation-published', regulationId: row.id }]);
          return row.id;
        }),
      );
      return detail(user, id);
    },

    async deleteOld(user: AuthUser, id: number): Promise<void> {
      const removed = await repository.transaction(async (tx) => {
        const row = await repository.lock(tx, id);
        if (!row) throw new NotFound('No se encontró la normativa.');
        if (!policy.canDelete(user, row)) throw new Forbidden();
        await repository.delete(tx, id);
        await announcePublicChange(tx, 'regulations');
        return row;
      });
      audit(log, 'old_regulation_deleted', { userId: user.id, address: user.address, itemId: id, type: removed.type, number: removed.number });
      await Promise.all(
        [removed.pdfProcess, removed.pdfApproved].filter((key): key is string => key !== null).map((key) => storage.remove(key)),
      );
    },
  };
}

export type RegulationService = ReturnType<typeof createRegulationService>;
