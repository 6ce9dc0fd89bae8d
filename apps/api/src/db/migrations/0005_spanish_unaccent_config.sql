-- Search documents hold each word twice: stemmed by the Spanish stemmer as written (it needs the
-- accents of "-ción" to find the stem "circul") and stemmed after removing its accents (so that a
-- word typed without accents matches). es_unaccent is the second configuration; search_vector()
-- builds both, and queries try each word both ways (see textQuery in the regulations repository).
CREATE TEXT SEARCH CONFIGURATION es_unaccent (COPY = pg_catalog.spanish);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION es_unaccent
  ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, spanish_stem;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_vector(text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT to_tsvector('pg_catalog.spanish', $1) || to_tsvector('public.es_unaccent', $1) $$;--> statement-breakpoint
UPDATE regulations r SET
  search_document =
    setweight(search_vector(r.subject), 'A') ||
    setweight(search_vector(coalesce(
      (SELECT string_agg(k.word, ' ') FROM regulation_keywords k WHERE k.regulation_id = r.id), '')), 'B') ||
    setweight(search_vector(coalesce(r.approved_text, '')), 'C'),
  process_document = CASE WHEN r.process_text IS NULL THEN NULL ELSE search_vector(r.process_text) END;
