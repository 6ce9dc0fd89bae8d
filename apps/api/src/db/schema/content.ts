import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** An uploaded image after re-encoding: the full-size file and its WebP variants (storage keys). */
export interface StoredImage {
  key: string;
  width: number;
  height: number;
  variants: { key: string; width: number }[];
}

/** A home page banner (spec 3). status: 1 active, 0 inactive. */
export const banners = pgTable(
  'banners',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    image: jsonb('image').$type<StoredImage>().notNull(),
    alt: text('alt'),
    caption: boolean('caption').notNull().default(false),
    title: text('title'),
    description: text('description'),
    status: smallint('status').notNull().default(1),
    publicationDate: timestamp('publication_date', { withTimezone: true }),
    unpublicationDate: timestamp('unpublication_date', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('banners_status', sql`${table.status} in (0, 1)`),
    index('banners_created_at_idx').on(table.createdAt, table.id),
  ],
);

/**
 * A news item (spec 3). `description` is HTML already sanitised at write time; `embeddedImages` are the
 * storage keys of editor images that arrived as data URLs, removed with the item.
 */
export const news = pgTable(
  'news',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    image: jsonb('image').$type<StoredImage>(),
    embeddedImages: jsonb('embedded_images').$type<string[]>().notNull().default([]),
    status: smallint('status').notNull().default(0),
    publicationDate: timestamp('publication_date', { withTimezone: true }),
    unpublicationDate: timestamp('unpublication_date', { withTimezone: true }),
    videoUrl: text('video_url'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('news_status', sql`${table.status} in (0, 1)`),
    check('news_image_or_video', sql`${table.image} is not null or ${table.videoUrl} is not null`),
    index('news_newest_idx').on(sql`coalesce(${table.publicationDate}, ${table.createdAt}) desc`, table.id.desc()),
  ],
);

export const contactSideEnum = pgEnum('contact_side', ['left', 'right']);

/**
 * The two images of the 'Contacto' section: at most one row per side. `alt` is the image's text
 * alternative (what it says); null for the images uploaded before it was asked for.
 */
export const contactImages = pgTable('contact_images', {
  side: contactSideEnum('side').primaryKey(),
  image: jsonb('image').$type<StoredImage>().notNull(),
  alt: text('alt'),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
