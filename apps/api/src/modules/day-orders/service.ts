import { createReadStream } from 'node:fs';
import {
  API_BASE,
  councilDay,
  formatCouncilDate,
  formatSessionDate,
  toInstant,
  AGENDA_SECTION_NUMBERS,
  AGENDA_SECTION_TITLES,
  AGENDA_SECTIONS,
  COMMISSION_SECTIONS,
  DAY_ORDER_MESSAGES,
  DAY_ORDER_PATHS,
  isPublicNorm,
  PREVIOUS_MINUTES_TITLE,
  REGULATION_TYPE_LABELS,
  SESSION_TYPE_LABELS,
  SOURCE_SECTIONS,
  sourceSectionOf,
  type AgendaSection,
  type CreateDayOrder,
  type CreateDayOrderResponse,
  type DayOrderDetail,
  type DayOrderItem,
  type DayOrderSources,
  type DayOrderSourcesQuery,
  type DayOrderSummaryList,
  type PublishedDayOrderList,
  type PublishedDayOrderQuery,
  type SessionType,
  type SourceItem,
} from '@concejo/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { isForeignKeyViolation } from '../../db/errors.js';
import { audit } from '../../lib/audit.js';
import type { AgendaPdfEntry, AgendaPdfInput } from '../../lib/agenda-pdf.js';
import type { Clock } from '../../lib/clock.js';
import type { Documents } from '../../lib/documents/documents.js';
import { NotFound, ValidationFailed } from '../../lib/errors.js';
import type { Storage } from '../../lib/storage.js';
import type { AuthUser } from '../../plugins/auth.js';
import { agendaTitle, agendasAtom, agendasCalendar, type FeedAgenda } from './feeds.js';
import type { DayOrderRepository, NewItem, TakenItem } from './repository.js';

/** Storage folder of the agendas' PDFs: public and cacheable (DESIGN.md section 6). */
export const DAY_ORDERS_FOLDER = 'day-orders';
/** The agendas as editable Word documents: staff only, through signed links (files/routes.ts). */
export const DAY_ORDERS_DOCX_FOLDER = 'day-orders-docx';
export const PUBLISHED_PER_PAGE = 10;
export const SUMMARIES_PER_PAGE = 15;

export interface DayOrderUrls {
  /** Public, cacheable URL of a file (agenda PDFs, approved regulations). */
  publicFile(key: string): string;
  /** Short-lived signed URL of a staff-only file (process PDFs, Word agendas), saved as `name` when given. */
  privateFile(key: string, name?: string): string;
}

interface Deps {
  repository: DayOrderRepository;
  storage: Storage;
  /** Makes the agenda's PDF and Word document in a document worker, off this process's event loop. */
  documents: Pick<Documents, 'renderAgenda'>;
  clock: Clock;
  urls: DayOrderUrls;
  timeZone: string;
  councilName: string;
  /** The town ("Villa del Parque, Buenos Aires") and the site's public address, for the feeds. */
  place: string;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** Agendas in the Atom feed and the calendar: a council publishes a few a month, so years of them. */
export const FEED_AGENDAS = 100;

type RegulationColumns = Awaited<ReturnType<DayOrderRepository['regulationsByIds']>>[number];

/** Session agendas: gathering what is pending, building the orden del día with its PDF, listing it. */
export function createDayOrderService({ repository, storage, documents, clock, urls, timeZone, councilName, place, publicUrl, log }: Deps) {
  const feedSite = { councilName, place, publicUrl, timeZone };
  /** An agenda's PDF as a link outside the site (feeds, e-mails): absolute, under PUBLIC_URL. */
  const pdfUrl = (key: string | null) => (key ? `${publicUrl}${urls.publicFile(key)}` : null);
  async function feedAgendas(): Promise<FeedAgenda[]> {
    const rows = await repository.latest(FEED_AGENDAS);
    return rows.map(({ pdfKey, ...row }) => ({ ...row, pdfUrl: pdfUrl(pdfKey) }));
  }
  const pdfPath = (key: string | null) => (key ? urls.publicFile(key) : null);
  /** The Word agenda is saved under its session's day ('orden-del-dia-2026-12-03.docx'): a folder of them reads as a calendar. */
  const docxPath = (key: string, sessionDate: Date) => urls.privateFile(key, `orden-del-dia-${councilDay(sessionDate, timeZone)}`);
  /** What both lists show of an agenda: its session (so two agendas of one day differ), its creation and its PDF. */
  const listed = (row: { createdAt: Date; sessionDate: Date; sessionType: SessionType; pdfKey: string | null }) => ({
    date_creation: row.createdAt.toISOString(),
    session_date: row.sessionDate.toISOString(),
    session_type: row.sessionType,
    pdf_path: pdfPath(row.pdfKey),
  });

  /** One message per selected regulation another agenda took (a page left open, or two staff at once), by section. */
  function takenErrors(taken: readonly TakenItem[], regulationsById: Map<number, RegulationColumns>): Record<string, string[]> {
    const errors: Record<string, string[]> = {};
    for (const { regulationId, sessionDate } of taken) {
      const row = regulationsById.get(regulationId)!;
      const section = sourceSectionOf(row.type);
      (errors[section] ??= []).push(
        `La normativa Cargo N° ${row.cargo} ya está en la orden del día de la sesión del ${formatCouncilDate(sessionDate, timeZone)}. Vuelva a buscar los asuntos pendientes.`,
      );
    }
    return errors;
  }

  /** The selected regulations must exist and be of their section's kind; answers them by id. */
  async function checkSelection(input: CreateDayOrder): Promise<Map<number, RegulationColumns>> {
    const ids = SOURCE_SECTIONS.flatMap((section) => input[section]);
    const found = new Map((await repository.regulationsByIds(ids)).map((row) => [row.id, row]));
    const errors: Record<string, string[]> = {};
    for (const section of SOURCE_SECTIONS) {
      const messages: string[] = [];
      const missing = input[section].filter((id) => !found.has(id));
      if (missing.length) messages.push('Alguna de las normativas seleccionadas ya no existe. Vuelva a buscar.');
      const misplaced = input[section].map((id) => found.get(id)).filter((row) => row && sourceSectionOf(row.type) !== section);
      for (const row of misplaced) {
        messages.push(`La normativa Cargo N° ${row!.cargo} (${REGULATION_TYPE_LABELS[row!.type]}) no corresponde a esta sección.`);
      }
      if (messages.length) errors[section] = messages;
    }
    if (Object.keys(errors).length) throw new ValidationFailed(errors);
    return found;
  }

  return {
    /**
     * What is pending, by the section it would go to, oldest first: regulations in process created in the
     * range that no agenda lists yet (once sessions record outcomes, one sent back will be pending again).
     */
    async sources(query: DayOrderSourcesQuery): Promise<DayOrderSources> {
      const start = toInstant(query.startDate, timeZone);
      const end = toInstant(query.endDate, timeZone);
      if (end < start) throw ValidationFailed.field('endDate', 'La fecha de fin no puede ser anterior a la de inicio.');
      const rows = await repository.pendingRegulations(start, end);
      const authors = await repository.authorsOf(rows.map((row) => row.id));
      const result: DayOrderSources = { correspondence: [], dem_message: [], projects: [] };
      for (const row of rows) {
        const item: SourceItem = {
          id: row.id,
          subject: row.subject,
          cargo: row.cargo,
          authors: (authors.get(row.id) ?? []).map((name) => ({ name })),
          type: row.type,
        };
        result[sourceSectionOf(row.type)].push(item);
      }
      return result;
    },

    /** Stores the agenda and its items in one transaction, with its PDF (removed again if the write fails). */
    async create(user: AuthUser, input: CreateDayOrder): Promise<CreateDayOrderResponse> {
      const regulationsById = await checkSelection(input);
      const authors = await repository.authorsOf([...regulationsById.keys()]);
      const sessionDate = toInstant(input.date, timeZone);
      const createdAt = clock.now();

      const items: NewItem[] = [];
      const entries = {} as Record<AgendaSection, AgendaPdfEntry[]>;
      for (const section of SOURCE_SECTIONS) {
        entries[section] = input[section].map((id, index) => {
          const row = regulationsById.get(id)!;
          items.push({ section, orderInSection: index + 1, regulationId: id, customText: null });
          return { kind: 'regulation', cargo: row.cargo, typeLabel: REGULATION_TYPE_LABELS[row.type], subject: row.subject, authors: authors.get(id) ?? [] };
        });
      }
      for (const section of COMMISSION_SECTIONS) {
        entries[section] = input[section].map((text, index) => {
          items.push({ section, orderInSection: index + 1, regulationId: null, customText: text });
          return { kind: 'text', text };
        });
      }

      const started = performance.now();
      const agenda: AgendaPdfInput = {
        councilName,
        sessionTypeLabel: SESSION_TYPE_LABELS[input.sessionType],
        sessionDateText: formatSessionDate(sessionDate, timeZone),
        previousMinutes: { number: 1, title: PREVIOUS_MINUTES_TITLE, acta: input.acta },
        sections: AGENDA_SECTIONS.map((section) => ({ number: AGENDA_SECTION_NUMBERS[section], title: AGENDA_SECTION_TITLES[section], entries: entries[section] })),
        emptySectionText: DAY_ORDER_MESSAGES.emptySection,
        createdAt,
      };
      // The same agenda twice: the PDF everyone reads, and a Word document the secretary can edit. A
      // worker writes them to files (seconds of CPU for the largest), streamed from there into storage.
      const { pdfKey, docxKey, documentsMs } = await documents.renderAgenda(agenda, async (files) => {
        const documentsMs = Math.round(performance.now() - started);
        const pdfKey = await storage.put(DAY_ORDERS_FOLDER, 'pdf', createReadStream(files.pdf));
        const docxKey = await storage.put(DAY_ORDERS_DOCX_FOLDER, 'docx', createReadStream(files.docx)).catch(async (error: unknown) => {
          await storage.remove(pdfKey).catch(() => undefined);
          throw error;
        });
        return { pdfKey, docxKey, documentsMs };
      });
      const removeFiles = () => Promise.all([storage.remove(pdfKey), storage.remove(docxKey)].map((removal) => removal.catch(() => undefined)));
      let saved: Awaited<ReturnType<DayOrderRepository['insert']>>;
      try {
        saved = await repository.insert(
          { sessionType: input.sessionType, sessionDate, previousMinutes: input.acta, pdfKey, docxKey, createdBy: user.id, createdAt },
          items,
          councilDay(sessionDate, timeZone),
        );
      } catch (error) {
        await removeFiles();
        // A selected regulation deleted between the check and the write (foreign key violation).
        if (isForeignKeyViolation(error)) {
          throw ValidationFailed.field('projects', 'Alguna de las normativas seleccionadas ya no existe. Vuelva a buscar.');
        }
        throw error;
      }
      if ('taken' in saved) {
        await removeFiles();
        throw new ValidationFailed(takenErrors(saved.taken, regulationsById));
      }
      const { id } = saved;
      log.info({ dayOrderId: id, items: items.length, documentsMs, userId: user.id }, 'day order created');
      return { id, pdf_path: urls.publicFile(pdfKey), docx_path: docxPath(docxKey, sessionDate) };
    },

    /**
     * Agendas by id as citizens' alerts tell them (handed to modules/subscriptions by app.ts): the
     * session they are for, as the feeds name it, and their PDF's public URL. A deleted one is absent.
     */
    async alertAgendas(ids: readonly number[]): Promise<Map<number, { session: string; pdfUrl: string | null }>> {
      const rows = await repository.sessionsOf(ids);
      return new Map(rows.map((row) => [row.id, { session: agendaTitle(row, timeZone), pdfUrl: pdfUrl(row.pdfKey) }]));
    },

    /** The Atom feed of the newest agendas. */
    async feed(): Promise<string> {
      return agendasAtom(feedSite, `${publicUrl}${API_BASE}${DAY_ORDER_PATHS.feed}`, await feedAgendas(), clock.now());
    },

    /** The sessions of the newest agendas as an iCalendar. */
    async calendar(): Promise<string> {
      return agendasCalendar(feedSite, await feedAgendas());
    },

    async published(query: PublishedDayOrderQuery): Promise<PublishedDayOrderList> {
      const { rows, total } = await repository.page({ ...query, perPage: PUBLISHED_PER_PAGE, timeZone, withTotals: false });
      return {
        data: rows.map((row) => ({ id: row.id, ...listed(row) })),
        current_page: query.page,
        last_page: Math.max(1, Math.ceil(total / PUBLISHED_PER_PAGE)),
        total,
        per_page: PUBLISHED_PER_PAGE,
      };
    },

    async summaries(query: { page: number }): Promise<DayOrderSummaryList> {
      const { rows, total } = await repository.page({ page: query.page, perPage: SUMMARIES_PER_PAGE, timeZone, withTotals: true });
      return {
        data: rows.map((row) => ({
          id: row.id,
          ...listed(row),
          total_regulations: row.items,
        })),
        current_page: query.page,
        last_page: Math.max(1, Math.ceil(total / SUMMARIES_PER_PAGE)),
        total,
        per_page: SUMMARIES_PER_PAGE,
      };
    },

    async detail(id: number): Promise<DayOrderDetail> {
      const order = await repository.find(id);
      if (!order) throw new NotFound(DAY_ORDER_MESSAGES.notFound);
      const rows = await repository.itemsOf(id);
      const authors = await repository.authorsOf(rows.flatMap((row) => (row.regulation ? [row.regulation.id] : [])));
      const itemsBySection = Object.fromEntries(AGENDA_SECTIONS.map((section) => [section, [] as DayOrderItem[]])) as Record<AgendaSection, DayOrderItem[]>;
      for (const row of rows) {
        const regulation = row.regulation;
        itemsBySection[row.section].push({
          id: row.id,
          order_in_section: row.orderInSection,
          custom_text: row.customText,
          regulation: regulation
            ? {
                id: regulation.id,
                subject: regulation.subject,
                cargo: regulation.cargo,
                number: regulation.number,
                type: regulation.type,
                state: regulation.state,
                author_type: regulation.authorType,
                authors: authors.get(regulation.id) ?? [],
                created_at: regulation.createdAt.toISOString(),
                // Public while its norm is (modules/files); for staff otherwise by a signed link.
                pdf_approved: regulation.pdfApproved ? (isPublicNorm(regulation) ? urls.publicFile(regulation.pdfApproved) : urls.privateFile(regulation.pdfApproved)) : null,
                pdf_process: regulation.pdfProcess ? urls.privateFile(regulation.pdfProcess) : null,
              }
            : null,
        });
      }
      return {
        day_order: {
          id: order.id,
          pdf_path: pdfPath(order.pdfKey),
          docx_path: order.docxKey ? docxPath(order.docxKey, order.sessionDate) : null,
          date_creation: order.createdAt.toISOString(),
          session_date: order.sessionDate.toISOString(),
          session_type: order.sessionType,
          previous_minutes: order.previousMinutes,
        },
        items_by_section: itemsBySection,
      };
    },

    /** Deletes the agenda, its items and, after the commit, its PDF and Word document. */
    async delete(user: AuthUser, id: number): Promise<void> {
      const deleted = await repository.delete(id);
      if (!deleted) throw new NotFound(DAY_ORDER_MESSAGES.notFound);
      for (const key of [deleted.pdfKey, deleted.docxKey]) {
        // A file left behind is an orphan the hourly sweep removes (files/orphan-sweep.ts).
        if (key) await storage.remove(key).catch((error: unknown) => log.warn({ err: error, key }, 'could not remove a day order file'));
      }
      audit(log, 'day_order_deleted', { userId: user.id, address: user.address, itemId: id });
    },
  };
}

export type DayOrderService = ReturnType<typeof createDayOrderService>;
