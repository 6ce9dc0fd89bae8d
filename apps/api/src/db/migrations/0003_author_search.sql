DROP INDEX "regulation_authors_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "regulations" ADD COLUMN "author_search" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "regulations" r SET "author_search" = coalesce((SELECT f_unaccent(lower(string_agg(a.name, ' | ' ORDER BY a.position))) FROM "regulation_authors" a WHERE a.regulation_id = r.id), '');--> statement-breakpoint
CREATE INDEX "regulations_author_search_idx" ON "regulations" USING gin ("author_search" gin_trgm_ops);