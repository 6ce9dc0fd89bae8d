import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { regulations } from './regulations.js';
import { users } from './users.js';

export const sessionTypeEnum = pgEnum('session_type', ['ordinaria', 'convocada', 'autoconvocada']);
/** Sections 2 to 8 of the agenda (spec 9); section 1 is the previous minutes' number on the day order. */
export const agendaSectionEnum = pgEnum('agenda_section', [
  'correspondence',
  'dem_message',
  'projects',
  'comision_gobierno',
  'comision_hacienda',
  'comision_obras',
  'comision_higiene',
]);

/** A session's agenda (orden del día) and its generated PDF. */
export const dayOrders = pgTable(
  'day_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionType: sessionTypeEnum('session_type').notNull(),
    sessionDate: timestamp('session_date', { withTimezone: true }).notNull(),
    /** Number of the previous session's minutes (acta), read in section 1. */
    previousMinutes: text('previous_minutes').notNull(),
    pdfKey: text('pdf_key'),
    /** The same agenda as an editable Word document, for staff only (issue 17); null for agendas made before it. */
    docxKey: text('docx_key'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The feeds read the newest made; the lists and their day filters go by the session's date.
  (table) => [index('day_orders_created_at_idx').on(table.createdAt, table.id), index('day_orders_session_date_idx').on(table.sessionDate, table.id)],
);

/** One item of an agenda: a regulation, or a free text (commission dispatches). */
export const dayOrderItems = pgTable(
  'day_order_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    dayOrderId: integer('day_order_id')
      .notNull()
      .references(() => dayOrders.id, { onDelete: 'cascade' }),
    section: agendaSectionEnum('section').notNull(),
    orderInSection: integer('order_in_section').notNull(),
    regulationId: integer('regulation_id').references(() => regulations.id, { onDelete: 'restrict' }),
    customText: text('custom_text'),
  },
  (table) => [
    index('day_order_items_day_order_idx').on(table.dayOrderId, table.section, table.orderInSection),
    index('day_order_items_regulation_idx').on(table.regulationId),
    check('day_order_items_one_content', sql`(${table.regulationId} is null) <> (${table.customText} is null)`),
  ],
);
