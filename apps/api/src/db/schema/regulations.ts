import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { REGULATION_ACTION_KINDS, type ActionDetails } from '@concejo/contracts';
import { AUTHOR_TYPES, DEM_TYPES, LEGAL_FORCES, REGULATION_LINK_KINDS, REGULATION_STATES, REGULATION_TYPES } from '@concejo/contracts';
import { dayOrders } from './day-orders.js';
import { users } from './users.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** A transaction id that does not wrap around (PostgreSQL 13+), read as text. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

export const regulationTypeEnum = pgEnum('regulation_type', REGULATION_TYPES);
export const demTypeEnum = pgEnum('dem_type', DEM_TYPES);
export const authorTypeEnum = pgEnum('author_type', AUTHOR_TYPES);
export const regulationStateEnum = pgEnum('regulation_state', REGULATION_STATES);
export const regulationLinkKindEnum = pgEnum('regulation_link_kind', REGULATION_LINK_KINDS);
export const regulationActionKindEnum = pgEnum('regulation_action_kind', REGULATION_ACTION_KINDS);
export const legalForceEnum = pgEnum('legal_force', LEGAL_FORCES);
/** Where the text extraction of a regulation's PDFs stands: none to do, queued, done, or no text found (a scan). */
export const textStatusEnum = pgEnum('text_status', ['none', 'pending', 'indexed', 'unreadable']);

/** Cargo N°: the registry entry number, given by the server on creation, never reused. */
export const cargoSequence = pgSequence('regulation_cargo_seq', { startWith: 1 });

export const regulations = pgTable(
  'regulations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cargo: integer('cargo')
      .notNull()
      .default(sql`nextval('regulation_cargo_seq')`),
    /**
     * The expediente, `{sequence}-{C|D|P}-{year}` (DESIGN.md 9.2), given on registration from
     * expediente_counters; null for the norms registered before it existed and for archive norms.
     */
    expediente: text('expediente'),
    type: regulationTypeEnum('type').notNull(),
    demType: demTypeEnum('dem_type'),
    /** The official number, given on approval; unique per type. */
    number: integer('number'),
    subject: text('subject').notNull(),
    state: regulationStateEnum('state').notNull(),
    authorType: authorTypeEnum('author_type'),
    /** Storage keys of the PDFs. */
    pdfProcess: text('pdf_process'),
    pdfApproved: text('pdf_approved'),
    isOld: boolean('is_old').notNull().default(false),
    /** Bumped by every save; a save made from an older version is refused (409). */
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it became approved (for the feed of new norms); null while in process. */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /**
     * The dates of its path (DESIGN.md 9.2), kept from its regulation_actions in the same transaction
     * as every change of them (modules/regulations/actions.ts, refreshDates): the latest sanción,
     * promulgación and publicación in the Boletín Oficial, and in force from the publication (or the
     * date its publicación names). Calendar days; null where the step is not recorded.
     */
    enactedOn: date('enacted_on', { mode: 'string' }),
    promulgatedOn: date('promulgated_on', { mode: 'string' }),
    publishedOn: date('published_on', { mode: 'string' }),
    inForceFrom: date('in_force_from', { mode: 'string' }),
    /** The last day of a term written in the norm (lapsed after it); null: no term. Set by the staff. */
    inForceUntil: date('in_force_until', { mode: 'string' }),
    /** The day a court or the council declared it null (void from then on); null: never. Set by the staff. */
    voidedOn: date('voided_on', { mode: 'string' }),
    /** Subject and keywords (and, later, the PDFs' text), unaccented, Spanish-stemmed; kept by the service. */
    searchDocument: tsvector('search_document'),
    /**
     * The subject and keywords of the search document alone (weights A and B): small, stored beside
     * the row and indexed on its own, so that a search ranks its subject matches without reading the
     * PDFs' text (search-repository.ts).
     */
    titleDocument: tsvector('title_document').generatedAlwaysAs(sql`ts_filter(search_document, '{a,b}')`),
    /** Text extracted from the approved (or old) PDF: public, searched by citizens too. */
    approvedText: text('approved_text'),
    /**
     * Whether approved_text was recognised by OCR from a scanned approved PDF (lib/documents/ocr.ts)
     * rather than read from its text layer: the norm's public page says so. Set by the text indexer,
     * reset when the approved PDF changes.
     */
    approvedTextOcr: boolean('approved_text_ocr').notNull().default(false),
    /** Text extracted from the process PDF: staff-only, searched only by the staff list. */
    processText: text('process_text'),
    /**
     * Computed, never typed (DESIGN.md section 6): kept by triggers on the links and on the modifiers'
     * state (migration 0013), so that it filters like the type does.
     */
    legalForce: legalForceEnum('legal_force').notNull().default('in_force'),
    textStatus: textStatusEnum('text_status').notNull().default('none'),
    /** Extraction attempts of the current PDFs; one that fails (or dies) twice leaves them unreadable. */
    textAttempts: smallint('text_attempts').notNull().default(0),
    /** The process PDF's text as a search document (staff only); kept by the text indexer. */
    processDocument: tsvector('process_document'),
    /** The authors' names, unaccented and lower-cased, for the author filter's trigram index; kept by the service. */
    authorSearch: text('author_search').notNull().default(''),
    /**
     * The transaction that last wrote the row (set by a trigger on every insert and update): the public
     * search's in-memory index re-reads the rows written since it last looked (modules/public-search/index-sync.ts).
     */
    searchXid: xid8('search_xid').notNull().default(sql`pg_current_xact_id()`),
  },
  (table) => [
    uniqueIndex('regulations_cargo_key').on(table.cargo),
    uniqueIndex('regulations_expediente_key').on(table.expediente),
    uniqueIndex('regulations_type_number_key').on(table.type, table.number),
    // Ascending: a backward scan serves ORDER BY created_at DESC, id DESC (nulls first), the list's order.
    index('regulations_created_at_idx').on(table.createdAt, table.id),
    // A type's list, newest first, and its count, from one index (the type filter of both lists).
    index('regulations_type_created_at_idx').on(table.type, table.createdAt, table.id),
    // A legal force's list, newest first (the public search's legal_force filter on the database path).
    index('regulations_legal_force_created_at_idx').on(table.legalForce, table.createdAt, table.id),
    // The staff list's state and author-type filters, newest first, and their counts.
    index('regulations_state_created_at_idx').on(table.state, table.createdAt, table.id),
    index('regulations_author_type_created_at_idx').on(table.authorType, table.createdAt, table.id),
    index('regulations_number_idx').on(table.number),
    // A public PDF's download asks whether its norm is public (modules/files).
    index('regulations_pdf_approved_idx').on(table.pdfApproved),
    index('regulations_approved_at_idx').on(table.approvedAt),
    index('regulations_search_idx').using('gin', table.searchDocument),
    index('regulations_title_idx').using('gin', table.titleDocument),
    index('regulations_process_document_idx').using('gin', table.processDocument),
    index('regulations_text_pending_idx').on(table.id).where(sql`${table.textStatus} = 'pending'`),
    index('regulations_author_search_idx').using('gin', sql`${table.authorSearch} gin_trgm_ops`),
    index('regulations_search_xid_idx').on(table.searchXid),
  ],
);

/**
 * Norms deleted, by the transaction that deleted them (written by a trigger): the in-memory index drops
 * them. Kept a week (modules/public-search/index-sync.ts); an index that looked longer ago reads everything again.
 */
export const regulationSearchRemovals = pgTable(
  'regulation_search_removals',
  {
    id: integer('id').notNull(),
    searchXid: xid8('search_xid').notNull().default(sql`pg_current_xact_id()`),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('regulation_search_removals_xid_idx').on(table.searchXid), index('regulation_search_removals_at_idx').on(table.removedAt)],
);

export const regulationAuthors = pgTable(
  'regulation_authors',
  {
    regulationId: integer('regulation_id')
      .notNull()
      .references(() => regulations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
  },
  (table) => [primaryKey({ columns: [table.regulationId, table.position] })],
);

export const regulationKeywords = pgTable(
  'regulation_keywords',
  {
    regulationId: integer('regulation_id')
      .notNull()
      .references(() => regulations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    word: text('word').notNull(),
  },
  (table) => [primaryKey({ columns: [table.regulationId, table.position] })],
);

/** `modifierId` modifies (repeals, partially repeals, regulates: `kind`) `modifiedId`; one kind per pair. */
export const regulationLinks = pgTable(
  'regulation_links',
  {
    modifierId: integer('modifier_id')
      .notNull()
      .references(() => regulations.id, { onDelete: 'cascade' }),
    modifiedId: integer('modified_id')
      .notNull()
      .references(() => regulations.id, { onDelete: 'cascade' }),
    kind: regulationLinkKindEnum('kind').notNull().default('modifies'),
    /** Which part it touches ("arts. 3 a 5"), as the staff wrote it; shown beside the link. */
    note: varchar('note', { length: 200 }),
    /** A suspension's last day (inclusive); none: until another norm lifts it. */
    until: date('until', { mode: 'string' }),
  },
  (table) => [
    primaryKey({ columns: [table.modifierId, table.modifiedId] }),
    index('regulation_links_modified_idx').on(table.modifiedId),
  ],
);

/** The modification history: one row per changed field or per list item added or removed. */
export const regulationModifications = pgTable(
  'regulation_modifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    regulationId: integer('regulation_id')
      .notNull()
      .references(() => regulations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    nameCell: text('name_cell').notNull(),
    oldCell: text('old_cell'),
    newCell: text('new_cell'),
  },
  (table) => [index('regulation_modifications_regulation_idx').on(table.regulationId, table.id)],
);

/** The last expediente sequence given in each calendar year of registration (never reused). */
export const expedienteCounters = pgTable('expediente_counters', {
  year: smallint('year').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * The trámite (DESIGN.md 9.2): dated steps of a norm's path, oldest first. `automatic` steps are
 * written by the system (registration, approval, an agenda, a session) and only redated; the manual
 * ones are added and deleted by the staff. `details` holds what a kind carries (committee, majority,
 * decree, boletín edition...), `committee` in it a committee's slug (the people issue's committees keep
 * the four agenda sections' slugs).
 */
export const regulationActions = pgTable(
  'regulation_actions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    regulationId: integer('regulation_id')
      .notNull()
      .references(() => regulations.id, { onDelete: 'cascade' }),
    kind: regulationActionKindEnum('kind').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    details: jsonb('details').$type<Partial<ActionDetails>>().notNull().default({}),
    note: text('note'),
    /** The storage key of the despacho's PDF. */
    pdf: text('pdf'),
    /** The agenda an `orden_del_dia` step records: the step goes with the agenda when it is deleted. */
    dayOrderId: integer('day_order_id').references(() => dayOrders.id, { onDelete: 'cascade' }),
    automatic: boolean('automatic').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('regulation_actions_regulation_idx').on(table.regulationId, table.date, table.id),
    // An agenda's steps, found when it is deleted (the cascade and the norms it listed).
    index('regulation_actions_day_order_idx').on(table.dayOrderId),
  ],
);
