import {
  REGULATION_TYPE_LABELS,
  canHaveLinks,
  createRegulationFieldsSchema,
  oldRegulationFieldsSchema,
  regulationChangesSchema,
  REGULATION_MESSAGES,
  type PublicRegulationQuery,
  type PublishedRegulationList,
  type RegulationDetail,
  type StaffRegulationList,
  type StaffRegulationQuery,
} from '@concejo/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
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
import type { RegulationRepository, RegulationRow, RegulationValues, Tx } from './repository.js';
import { applyDefaults, validateDraft, type RegulationDraft } from './rules.js';
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
  async function detail(user: AuthUser, id: number, client?: Tx): Promise<RegulationDetail> {
    const row = await repository.find(id, client);
    if (!row) throw new NotFound('No se encontró la normativa.');
    const [authors, keywords, links, history] = await Promise.all([
      repository.authorsOf([id], client),
      repository.keywordsOf([id], client),
      repository.linksOf(id, client),
      repository.historyOf(id, client),
    ]);
    const item = presentListItem(row, { authors: authors.get(id) ?? [], keywords: keywords.get(id) ?? [] }, user, urls);
    return presentDetail(item, row, links, history);
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

  /** Links must point to existing norms that can be linked. */
  async function assertLinkable(ids: readonly number[]) {
    if (!ids.length) return;
    const found = await repository.findLinkable(ids);
    const usable = new Set(found.filter((norm) => canHaveLinks(norm.type, norm.demType)).map((norm) => norm.id));
    if (ids.some((id) => !usable.has(id))) {
      throw ValidationFailed.field('modifies', 'Alguna de las normas relacionadas no existe o no admite relaciones.');
    }
  }

  async function assertNumberFree(draft: RegulationDraft, exceptId?: number) {
    if (draft.number === null) return;
    const existing = await repository.findByTypeAndNumber(draft.type, draft.number, exceptId);
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

  async function saveLists(tx: Tx, id: number, draft: RegulationDraft, what: { authors: boolean; keywords: boolean; modifies: boolean; modifiedBy: boolean }) {
    if (what.authors) await repository.replaceAuthors(tx, id, draft.authors);
    if (what.keywords) await repository.replaceKeywords(tx, id, draft.keywords);
    await repository.replaceLinks(tx, id, {
      ...(what.modifies ? { modifies: draft.modifies } : {}),
      ...(what.modifiedBy ? { modifiedBy: draft.modifiedBy } : {}),
    });
    await repository.refreshSearchDocument(tx, id);
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

    async create(user: AuthUser, form: MultipartForm): Promise<RegulationDetail> {
      const fields = parseFields(createRegulationFieldsSchema, form.fields);
      const files = checkPdfs(form);
      const role = user.role;

      const forbidden =
        !policy.canCreateType(role, fields.type) ||
        (fields.state === 'approved' && !policy.canChooseStateOnCreate(role)) ||
        (fields.creation_date !== undefined && !policy.canSetCreationDate(role)) ||
        (fields.keywords.length > 0 && !policy.canSetKeywords(role)) ||
        (fields.dem_type !== undefined && !policy.canSetDemType(role, false)) ||
        ((fields.modifies.length > 0 || fields.modified_by.length > 0) && !policy.canLink(role)) ||
        (files.pdf_process !== undefined && !policy.canUploadProcessPdf(role)) ||
        (files.pdf_approved !== undefined && !policy.canUploadApprovedPdf(role, false));
      if (forbidden) throw new Forbidden();

      const ownName = await repository.fullNameOf(user.id);
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
          hasProcessPdf: Boolean(files.pdf_process),
          hasApprovedPdf: Boolean(files.pdf_approved),
          modifies: fields.modifies,
          modifiedBy: fields.modified_by,
        },
        role,
        ownName,
      );
      throwIfInvalid(validateDraft(draft, { role, onUpdate: false }));
      await assertLinkable([...draft.modifies, ...draft.modifiedBy]);
      await assertNumberFree(draft);
      await assertPdfsOpen(files);

      const now = clock.now();
      const id = await withStoredFiles(
        { pdf_process: files.pdf_process ?? undefined, pdf_approved: files.pdf_approved ?? undefined },
        (keys) =>
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
            await saveLists(tx, row.id, draft, { authors: true, keywords: true, modifies: true, modifiedBy: true });
            if (keys.pdf_process || keys.pdf_approved) await repository.markTextPending(tx, row.id);
            return row.id;
          }),
      );
      publicChanged();
      return detail(user, id);
    },

    async update(user: AuthUser, id: number, form: MultipartForm): Promise<RegulationDetail> {
      const { changes, version } = parseUpdate(form);
      const files = checkPdfs(form);
      const current = await repository.find(id);
      if (!current) throw new NotFound('No se encontró la normativa.');
      if (!policy.canUpdate(user, current)) throw new Forbidden();
      if (current.version !== version) throw new Conflict();
      const role = user.role;

      const forbidden =
        (changes.created_at !== undefined && !policy.canSetCreationDate(role)) ||
        (changes.dem_type !== undefined && !policy.canSetDemType(role, true)) ||
        (changes.state === 'approved' && current.state !== 'approved' && !policy.canApproveOnUpdate(role)) ||
        (changes.state !== undefined && role === 'concejal') ||
        (changes.keywords !== undefined && !policy.canSetKeywords(role)) ||
        ((changes.modifies !== undefined || changes.modified_by !== undefined) && !policy.canLink(role)) ||
        (files.pdf_process !== undefined && !policy.canUploadProcessPdf(role)) ||
        (files.pdf_approved !== undefined && !policy.canUploadApprovedPdf(role, true));
      if (forbidden) throw new Forbidden();

      const [authors, keywords, links] = await Promise.all([repository.authorsOf([id]), repository.keywordsOf([id]), repository.linksOf(id)]);
      const before: HistorySnapshot = {
        ...current,
        authors: authors.get(id) ?? [],
        keywords: keywords.get(id) ?? [],
        modifies: links.modified,
        modifiedBy: links.modifying,
      };
      const nextState = changes.state ?? current.state;
      const draft = applyDefaults(
        {
          type: current.type,
          demType: changes.dem_type !== undefined ? changes.dem_type : current.demType,
          // Back to "en proceso", the official number goes: it is given on approval.
          number: nextState === 'process' ? null : changes.number !== undefined ? changes.number : current.number,
          authorType: changes.author_type ?? current.authorType,
          authors: changes.authors ?? before.authors,
          state: nextState,
          keywords: changes.keywords ?? before.keywords,
          subject: changes.subject ?? current.subject,
          hasProcessPdf: files.pdf_process !== undefined ? files.pdf_process !== null : current.pdfProcess !== null,
          hasApprovedPdf: files.pdf_approved !== undefined ? files.pdf_approved !== null : current.pdfApproved !== null,
          modifies: changes.modifies ?? before.modifies.map((norm) => norm.id),
          modifiedBy: changes.modified_by ?? before.modifiedBy.map((norm) => norm.id),
        },
        role,
        role === 'concejal' ? await repository.fullNameOf(user.id) : '',
      );
      throwIfInvalid(validateDraft(draft, { role, onUpdate: true, selfId: id }));
      await assertLinkable([...(changes.modifies ?? []), ...(changes.modified_by ?? [])]);
      await assertNumberFree(draft, id);
      await assertPdfsOpen(files);

      const now = clock.now();
      const replaced: string[] = [];
      const pdfsChanged = files.pdf_process !== undefined || files.pdf_approved !== undefined;
      await withStoredFiles(
        { pdf_process: files.pdf_process ?? undefined, pdf_approved: files.pdf_approved ?? undefined },
        (keys) =>
          repository.transaction(async (tx) => {
            const locked = await repository.lock(tx, id);
            if (!locked) throw new NotFound('No se encontró la normativa.');
            if (locked.version !== version) throw new Conflict();
            const pdfProcess = files.pdf_process === undefined ? locked.pdfProcess : (keys.pdf_process ?? null);
            const pdfApproved = files.pdf_approved === undefined ? locked.pdfApproved : (keys.pdf_approved ?? null);
            if (pdfProcess !== locked.pdfProcess && locked.pdfProcess) replaced.push(locked.pdfProcess);
            if (pdfApproved !== locked.pdfApproved && locked.pdfApproved) replaced.push(locked.pdfApproved);

            const createdAt = changes.created_at ? toInstant(changes.created_at, timeZone) : locked.createdAt;
            const approvedAt = draft.state !== 'approved' ? null : locked.state === 'approved' ? locked.approvedAt : now;
            await repository.update(tx, id, { ...valuesOf(draft), pdfProcess, pdfApproved, createdAt, approvedAt }, now);
            await saveLists(tx, id, draft, {
              authors: true,
              keywords: changes.keywords !== undefined,
              modifies: changes.modifies !== undefined,
              modifiedBy: changes.modified_by !== undefined,
            });
            const newLinks = await repository.linksOf(id, tx);
            const after: HistorySnapshot = {
              ...valuesOf(draft),
              createdAt,
              pdfProcess,
              pdfApproved,
              authors: draft.authors,
              keywords: draft.keywords,
              modifies: newLinks.modified,
              modifiedBy: newLinks.modifying,
            };
            await repository.addHistory(tx, id, user.id, now, diffForHistory(before, after));
            if (pdfsChanged) await repository.markTextPending(tx, id);
          }),
      );
      publicChanged();
      // Only once the change is committed do the replaced files go.
      await Promise.all(replaced.map((key) => storage.remove(key).catch((error) => log.warn({ err: error, key }, 'could not remove file'))));
      return detail(user, id);
    },

    async createOld(user: AuthUser, form: MultipartForm): Promise<RegulationDetail> {
      const fields = parseFields(oldRegulationFieldsSchema, form.fields);
      if (form.files.pdf === undefined || form.files.pdf === null) throw ValidationFailed.field('pdf', REGULATION_MESSAGES.pdfRequired);
      if (!startsAsPdf(form.files.pdf)) throw ValidationFailed.field('pdf', REGULATION_MESSAGES.pdfOnly);
      if (fields.type === 'dem-message' && !fields.dem_type) throw ValidationFailed.field('dem_type', REGULATION_MESSAGES.demTypeRequired);
      const draft = { type: fields.type, number: fields.number } as RegulationDraft;
      await assertNumberFree(draft);
      await assertPdfsOpen({ pdf: form.files.pdf });
      const pdf = form.files.pdf;
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

function parseFields<S extends z.ZodType>(schema: S, fields: MultipartForm['fields']): z.infer<S> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'body');
    (errors[field] ??= []).push(issue.message);
  }
  throw new ValidationFailed(errors);
}

function parseUpdate(form: MultipartForm) {
  const rawVersion = form.fields.version;
  const version = typeof rawVersion === 'string' && /^\d{1,9}$/.test(rawVersion) ? Number(rawVersion) : NaN;
  if (!Number.isInteger(version)) throw ValidationFailed.field('version', 'Falta la versión de la normativa que se editó.');
  let json: unknown = {};
  const raw = form.fields.changes;
  if (raw !== undefined) {
    if (typeof raw !== 'string') throw ValidationFailed.field('changes', 'Los cambios no son válidos.');
    try {
      json = JSON.parse(raw);
    } catch {
      throw ValidationFailed.field('changes', 'Los cambios no son un JSON válido.');
    }
  }
  const parsed = regulationChangesSchema.safeParse(json);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? 'changes')] ??= []).push(issue.message);
    throw new ValidationFailed(errors);
  }
  return { changes: parsed.data, version };
}

/**
 * Every uploaded file must start as a PDF (whether it opens as one is asked later, of the document
 * worker); an empty value stays `null` (remove).
 */
function checkPdfs(form: MultipartForm): { pdf_process?: Buffer | null; pdf_approved?: Buffer | null } {
  const errors: Record<string, string[]> = {};
  for (const field of PDF_FIELDS) {
    const content = form.files[field];
    if (content && !startsAsPdf(content)) errors[field] = [REGULATION_MESSAGES.pdfOnly];
  }
  throwIfInvalid(errors);
  return form.files;
}

const PDF_CHECK_MESSAGES = {
  'not-pdf': REGULATION_MESSAGES.pdfOnly,
  encrypted: REGULATION_MESSAGES.pdfEncrypted,
  unreadable: REGULATION_MESSAGES.pdfUnreadable,
} as const;

function throwIfInvalid(errors: Record<string, string[]>) {
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
}
