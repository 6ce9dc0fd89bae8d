-- unaccent() is only STABLE (its dictionary could change), so indexes cannot use it directly. This
-- wrapper names the dictionary explicitly and is declared IMMUTABLE, the usual PostgreSQL idiom.
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
DROP INDEX "regulations_subject_trgm_idx";--> statement-breakpoint
DROP INDEX "regulation_authors_name_trgm_idx";--> statement-breakpoint
DROP INDEX "regulations_created_at_idx";--> statement-breakpoint
CREATE INDEX "regulation_authors_name_trgm_idx" ON "regulation_authors" USING gin (f_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "regulations_created_at_idx" ON "regulations" USING btree ("created_at","id");