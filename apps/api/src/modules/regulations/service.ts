import {
  REGULATION_TYPE_LABELS,
  REGULATION_MESSAGES,
  applyDefaults,
  canHaveLinks,
  refusesFields,
  validateDraft,
  type CreateRegulationFields,
  type OldRegulationFields,
  type PublicRegulationQuery,
  type RegulationChanges,
  type RegulationDraft,
  type RegulationErrors,
  type RegulationRef,
  type PublishedRegulationList,
  type RegulationDetail,
  type StaffRegulationList,
  type StaffRegulationQuery,
} from '@concejo/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { audit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { Conflict, Forbidden, NotFound, ValidationFailed } from '../../lib/errors.js';
import type { MultipartForm } from '../../lib/multipart.js';
import type { Documents } from '../../lib/documents/documents.js';
import { startsAsPdf } from '../../lib/pdf.js';
import type { Storage } from '../../lib/storage.js';
import type { AuthUser } from '../../plugins/auth.js';
import { diffForHistory, type HistorySnapshot } from './history.js';
import { regulationPolicy as policy } from './policy.js';
import { presentDetail, presentListItem, presentPublished, type FileUrls } from './presenter.js';
import type { RegulationRepository, RegulationRow, RegulationSnapshot, RegulationValues, Tx } from './repository.js';
import type { TextIndexer } from './text-indexer.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import { toInstant } from '../day-orders/time.js';
import { atomFeed, CSV_HEADER, csvCell, csvRow, feedTitle, jsonItem } from './open-data.js';

export const PER_PAGE = 15;
export const FOLDERS = { process: 'regulations-process', approved: 'regulations-approved' } as const;
const PDF_FIELDS = ['pdf_process', 'pdf_approved'] as const;

interface Deps {
  repository: RegulationRepository;
  /** Tells when a PDF's text joins the search (the public answers change). */
  indexer: Pick<TextIndexer, 'onIndexed'>;
  /** Opens uploaded PDFs in the document worker. */
  documents: Pick<Documents, 'checkPdf'>;
  storage: Storage;
  clock: Clock;
  urls: FileUrls;
  timeZone: string;
  log: FastifyBaseLogger;
  /** For absolute links in downloads and the feed (never the request's Host). */
  site: { publicUrl: string; councilName: string };
}

/** A download holds every match, up to this many rows, read this many at a time. */
export const EXPORT_MAX_ROWS = 200_000;
const EXPORT_BATCH = 2000;

/** The regulations registry: registering, listing, modifying, linking and tracing normativas. */
export function createRegulationService({ repository, indexer, documents, storage, clock, urls, timeZone, log, site }: Deps) {
  const absolute = (path: string) => `${site.publicUrl}${path}`;
  // Citizens repeat the same searches; answers live as long as their HTTP max-age, and any change
  // to the registry (or a PDF's text joining the index) empties the cache.
  const publishedCache = createTtlCache<PublishedRegulationList>({ ttlMs: 60_000, maxEntries: 1000, now: () => clock.now().getTime() });
  const publicChanged = () => publishedCache.clear();
  indexer.onIndexed(publicChanged);
  /** One regulation as the staff see it: its whole snapshot (one statement) and its history. */
  async function detail(user: AuthUser, id: number, client?: Tx): Promise<RegulationDetail> {
    const [found, history] = await Promise.all([repository.snapshot(id, { client }), repository.historyOf(id, client)]);
    if (!found) throw new NotFound('No se encontró la normativa.');
    const item = presentListItem(found.row, { authors: found.authors, keywords: found.keywords }, user, urls);
    return presentDetail(item, found.row, { modified: found.modified, modifying: found.modifying }, history);
  }

  /**
   * Every uploaded PDF must open as one, in the document worker. Called after the cheaper checks,
   * so that a request refused anyway costs no worker time.
   */
  async function assertPdfsOpen(files: Partial<Record<string, Buffer | null>>) {
    const errors: Record<string, string[]> = {};
    for (const [field, content] of Object.entries(files)) {
      if (!content) continue;
      const check = await documents.checkPdf(content);
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

  /** Stores the new PDFs; if the write that follows fails, they are removed again. */
  async function withStoredFiles<T>(files: Partial<Record<(typeof PDF_FIELDS)[number], Buffer>>, write: (keys: Partial<Record<(typeof PDF_FIELDS)[number], string>>) => Promise<T>) {
    const keys: Partial<Record<(typeof PDF_FIELDS)[number], string>> = {};
    try {
      if (files.pdf_process) keys.pdf_process = await storage.put(FOLDERS.process, 'pdf', files.pdf_process);
      if (files.pdf_approved) keys.pdf_approved = await storage.put(FOLDERS.approved, 'pdf', files.pdf_approved);
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
      const { rows, total } = await repository.list(query, { perPage: PER_PAGE, timeZone });
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
        per_page: PER_PAGE,
        last_page: Math.max(1, Math.ceil(total / PER_PAGE)),
        userName,
      };
    },

    /** The public search of /normativas: public norms only, with where each one matched. */
    async listPublished(query: PublicRegulationQuery): Promise<PublishedRegulationList> {
      const key = JSON.stringify([query.page, query.search ?? '', query.numberSearch ?? '', query.type ?? '', query.from ?? '', query.to ?? '']);
      const cached = publishedCache.get(key);
      if (cached) return cached;
      const { rows, total, search } = await repository.listPublished(query, { perPage: PER_PAGE, timeZone });
      const ids = rows.map((row) => row.id);
      const [keywords, matches] = await Promise.all([
        repository.keywordsOf(ids),
        search ? repository.matchesOf(ids, search) : Promise.resolve(undefined),
      ]);
      const result: PublishedRegulationList = {
        data: rows.map((row) => presentPublished(row, keywords.get(row.id) ?? [], matches?.get(row.id), urls)),
        total,
        per_page: PER_PAGE,
        current_page: query.page,
        last_page: Math.max(1, Math.ceil(total / PER_PAGE)),
      };
      publishedCache.set(key, result);
      return result;
    },

    /**
     * Every row of a public search, as CSV lines or JSON array pieces, produced batch by batch. The
     * first batch is read before this resolves, so that a query the database refuses (or a database
     * that is down) still gets an ordinary error answer instead of a 200 cut short.
     */
    async exportPublished(query: PublicRegulationQuery, format: 'csv' | 'json'): Promise<AsyncGenerator<string>> {
      const batches = repository.allPublished(query, { timeZone, batch: EXPORT_BATCH, max: EXPORT_MAX_ROWS });
      let written = 0;
      const render = async (rows: RegulationRow[] | void): Promise<string> => {
        if (!rows?.length) return '';
        const keywords = await repository.keywordsOf(rows.map((row) => row.id));
        const items = rows.map((row) => presentPublished(row, keywords.get(row.id) ?? [], undefined, urls));
        if (format === 'csv') return items.map((item) => `${csvRow(item, absolute)}\r\n`).join('');
        const pieces = items.map((item) => jsonItem(item, absolute));
        const separator = written > 0 ? ',' : '';
        written += pieces.length;
        return separator + pieces.join(',');
      };
      const first = await batches.next();
      const head = (format === 'csv' ? `\uFEFF${CSV_HEADER.map(csvCell).join(',')}\r\n` : '[') + (await render(first.value));
      return (async function* () {
        try {
          yield head;
          if (!first.done) {
            for (let next = await batches.next(); !next.done; next = await batches.next()) yield await render(next.value);
          }
        } finally {
          // Also when the client goes away midway: the batches stop being read.
          await batches.return(undefined);
        }
        if (format === 'json') yield ']';
      })();
    },

    /** The Atom feed of the 50 newest approvals. */
    async feed(): Promise<string> {
      const rows = await repository.latestApproved(50);
      return atomFeed({
        councilName: site.councilName,
        publicUrl: site.publicUrl,
        selfUrl: absolute('/api/v1/regulations/feed.atom'),
        now: clock.now(),
        entries: rows.map((row) => ({
          id: row.id,
          title: feedTitle(row),
          subject: row.subject,
          approvedAt: row.approvedAt ?? row.updatedAt,
          pdfUrl: row.pdfApproved ? absolute(urls.publicPdf(row.pdfApproved)) : null,
        })),
      });
    },

    related(query: { search: string; type?: RegulationDetail['type']; id?: number }) {
      return repository.related(query.search, { type: query.type, exceptId: query.id });
    },

    async create(user: AuthUser, { fields, files }: { fields: CreateRegulationFields; files: MultipartForm['files'] }): Promise<RegulationDetail> {
      const pdfs = checkPdfs(files);
      const role = user.role;
      const refused = refusesFields(role, 'create', {
        type: fields.type,
        state: fields.state,
        creationDate: fields.creation_date !== undefined,
        demType: fields.dem_type !== undefined,
        number: fields.number !== undefined,
        keywords: fields.keywords.length > 0,
        links: fields.modifies.length > 0 || fields.modified_by.length > 0,
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
          modifies: fields.modifies,
          modifiedBy: fields.modified_by,
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
      const id = await withStoredFiles({ pdf_process: pdfs.pdf_process ?? undefined, pdf_approved: pdfs.pdf_approved ?? undefined }, (keys) =>
        repository.transaction(async (tx) => {
          const row = await repository.insert(tx, {
            ...valuesOf(draft),
            pdfProcess: keys.pdf_process ?? null,
            pdfApproved: keys.pdf_approved ?? null,
            isOld: false,
            createdBy: user.id,
            createdAt: fields.creation_date ? toInstant(fields.creation_date, timeZone) : now,
            approvedAt: draft.state === 'approved' ? now : null,
          });
          if (draft.authors.length) await repository.replaceAuthors(tx, row.id, draft.authors);
          if (draft.keywords.length) await repository.replaceKeywords(tx, row.id, draft.keywords);
          await repository.replaceLinks(tx, row.id, { modifies: draft.modifies, modifiedBy: draft.modifiedBy });
          await repository.refreshSearchDocument(tx, row.id);
          if (keys.pdf_process || keys.pdf_approved) await repository.markTextPending(tx, row.id);
          return row.id;
        }),
      );
      publicChanged();
      return detail(user, id);
    },

    /**
     * Modifies a regulation (spec 7.3) as one pipeline in one transaction: what the role may not send
     * is refused before anything is read, and the new PDFs are checked and stored before the row is
     * locked (the lock is not held while a worker opens a file). Then, under the lock: the snapshot,
     * the changes applied, the rules checked, the row and its lists saved, and the difference written
     * to the history, in that order; replaced files go once the change is committed.
     */
    async update(user: AuthUser, id: number, { fields, files }: { fields: { changes: RegulationChanges; version: number }; files: MultipartForm['files'] }): Promise<RegulationDetail> {
      const { changes, version } = fields;
      const pdfs = checkPdfs(files);
      const role = user.role;
      const refused = refusesFields(role, 'update', {
        stateChange: changes.state !== undefined,
        demType: changes.dem_type !== undefined,
        number: changes.number !== undefined,
        keywords: changes.keywords !== undefined,
        links: changes.modifies !== undefined || changes.modified_by !== undefined,
        processPdf: pdfs.pdf_process !== undefined,
        approvedPdf: pdfs.pdf_approved !== undefined,
      });
      if (refused) throw new Forbidden();
      await assertPdfsOpen(pdfs);

      const now = clock.now();
      const replaced: string[] = [];
      await withStoredFiles({ pdf_process: pdfs.pdf_process ?? undefined, pdf_approved: pdfs.pdf_approved ?? undefined }, (keys) =>
        repository.transaction(async (tx) => {
          // 1. Lock and snapshot: the "before" of the history is read under the lock.
          const before = await repository.snapshot(id, { client: tx, lock: true, forUserId: user.id });
          if (!before) throw new NotFound('No se encontró la normativa.');
          if (!policy.canUpdate(user, before.row)) throw new Forbidden();
          if (before.row.version !== version) throw new Conflict();

          // 2. Apply the changes to it.
          const pdfProcess = pdfs.pdf_process === undefined ? before.row.pdfProcess : (keys.pdf_process ?? null);
          const pdfApproved = pdfs.pdf_approved === undefined ? before.row.pdfApproved : (keys.pdf_approved ?? null);
          const draft = applyChanges(before, changes, { pdfProcess, pdfApproved }, role);

          // 3. Validate: the rules, then what needs the database (only for what changed).
          throwIfInvalid(validateDraft(draft, { role, mode: 'update', selfId: id }));
          const linked = await assertLinkable([...(changes.modifies ?? []), ...(changes.modified_by ?? [])], tx);
          if (draft.number !== before.row.number) await assertNumberFree(draft, id, tx);

          // 4. Save what changed.
          const approvedAt = draft.state !== 'approved' ? null : before.row.state === 'approved' ? before.row.approvedAt : now;
          const pdfsChanged = pdfProcess !== before.row.pdfProcess || pdfApproved !== before.row.pdfApproved;
          await repository.update(tx, id, { ...valuesOf(draft), pdfProcess, pdfApproved, approvedAt, ...(pdfsChanged ? TEXT_PENDING : {}) }, now);
          const authorsChanged = !sameList(draft.authors, before.authors);
          const keywordsChanged = !sameList(draft.keywords, before.keywords);
          if (authorsChanged) await repository.replaceAuthors(tx, id, draft.authors);
          if (keywordsChanged) await repository.replaceKeywords(tx, id, draft.keywords);
          await repository.replaceLinks(tx, id, { modifies: changes.modifies, modifiedBy: changes.modified_by });
          if (authorsChanged || keywordsChanged || draft.subject !== before.row.subject) await repository.refreshSearchDocument(tx, id);
          if (pdfsChanged) await repository.queueText(tx, id);

          // 5. The difference, into the history.
          const refs = (ids: readonly number[] | undefined, old: RegulationRef[]) => (ids ? ids.map((other) => linked.get(other)!) : old);
          const after: HistorySnapshot = {
            ...valuesOf(draft),
            createdAt: before.row.createdAt,
            pdfProcess,
            pdfApproved,
            authors: draft.authors,
            keywords: draft.keywords,
            modifies: refs(changes.modifies, before.modified),
            modifiedBy: refs(changes.modified_by, before.modifying),
          };
          await repository.addHistory(tx, id, user.id, now, diffForHistory(historyOf(before), after));
          if (pdfProcess !== before.row.pdfProcess && before.row.pdfProcess) replaced.push(before.row.pdfProcess);
          if (pdfApproved !== before.row.pdfApproved && before.row.pdfApproved) replaced.push(before.row.pdfApproved);
        }),
      );
      publicChanged();
      // Only once the change is committed do the replaced files go.
      await Promise.all(replaced.map((key) => storage.remove(key).catch((error) => log.warn({ err: error, key }, 'could not remove file'))));
      return detail(user, id);
    },

    async createOld(user: AuthUser, { fields, files }: { fields: OldRegulationFields; files: MultipartForm['files'] }): Promise<RegulationDetail> {
      const pdf = files.pdf;
      if (pdf === undefined || pdf === null) throw ValidationFailed.field('pdf', REGULATION_MESSAGES.pdfRequired);
      if (!startsAsPdf(pdf)) throw ValidationFailed.field('pdf', REGULATION_MESSAGES.pdfOnly);
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
          await repository.replaceKeywords(tx, row.id, fields.keywords);
          await repository.refreshSearchDocument(tx, row.id);
          await repository.markTextPending(tx, row.id);
          return row.id;
        }),
      );
      publicChanged();
      return detail(user, id);
    },

    async deleteOld(user: AuthUser, id: number): Promise<void> {
      const removed = await repository.transaction(async (tx) => {
        const row = await repository.lock(tx, id);
        if (!row) throw new NotFound('No se encontró la normativa.');
        if (!policy.canDelete(user, row)) throw new Forbidden();
        await repository.delete(tx, id);
        return row;
      });
      audit(log, 'old_regulation_deleted', { userId: user.id, address: user.address, itemId: id, type: removed.type, number: removed.number });
      publicChanged();
      await Promise.all(
        [removed.pdfProcess, removed.pdfApproved].filter((key): key is string => key !== null).map((key) => storage.remove(key)),
      );
    },
  };
}

export type RegulationService = ReturnType<typeof createRegulationService>;

function valuesOf(draft: RegulationDraft): Omit<RegulationValues, 'pdfProcess' | 'pdfApproved' | 'isOld' | 'createdBy' | 'createdAt' | 'approvedAt'> {
  return {
    type: draft.type,
    demType: draft.demType,
    number: draft.number,
    subject: draft.subject,
    state: draft.state,
    authorType: draft.authorType,
  };
}

/** The text's extraction starts over when a PDF changes (its job is queued in the same transaction). */
const TEXT_PENDING = { textStatus: 'pending', textAttempts: 0 } as const;

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, index) => item === b[index]);

/** The regulation as `changes` would leave it, with the defaults that follow (spec 4). */
function applyChanges(before: RegulationSnapshot, changes: RegulationChanges, pdfs: { pdfProcess: string | null; pdfApproved: string | null }, role: AuthUser['role']): RegulationDraft {
  const current = before.row;
  const state = changes.state ?? current.state;
  return applyDefaults(
    {
      type: current.type,
      demType: changes.dem_type !== undefined ? changes.dem_type : current.demType,
      // Back to "en proceso", the official number goes: it is given on approval.
      number: state === 'process' ? null : changes.number !== undefined ? changes.number : current.number,
      authorType: changes.author_type ?? current.authorType,
      authors: changes.authors ?? before.authors,
      state,
      keywords: changes.keywords ?? before.keywords,
      subject: changes.subject ?? current.subject,
      hasProcessPdf: pdfs.pdfProcess !== null,
      hasApprovedPdf: pdfs.pdfApproved !== null,
      modifies: changes.modifies ?? before.modified.map((norm) => norm.id),
      modifiedBy: changes.modified_by ?? before.modifying.map((norm) => norm.id),
    },
    role,
    'update',
    before.ownName,
  );
}

function historyOf(before: RegulationSnapshot): HistorySnapshot {
  return { ...before.row, authors: before.authors, keywords: before.keywords, modifies: before.modified, modifiedBy: before.modifying };
}

/**
 * Every uploaded file must start as a PDF (whether it opens as one is asked later, of the document
 * worker); an empty value stays `null` (remove).
 */
function checkPdfs(files: MultipartForm['files']): { pdf_process?: Buffer | null; pdf_approved?: Buffer | null } {
  const errors: Record<string, string[]> = {};
  for (const field of PDF_FIELDS) {
    const content = files[field];
    if (content && !startsAsPdf(content)) errors[field] = [REGULATION_MESSAGES.pdfOnly];
  }
  throwIfInvalid(errors);
  return files;
}

const PDF_CHECK_MESSAGES = {
  'not-pdf': REGULATION_MESSAGES.pdfOnly,
  encrypted: REGULATION_MESSAGES.pdfEncrypted,
  unreadable: REGULATION_MESSAGES.pdfUnreadable,
} as const;

function throwIfInvalid(errors: RegulationErrors | Record<string, string[]>) {
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors as Record<string, string[]>);
}
