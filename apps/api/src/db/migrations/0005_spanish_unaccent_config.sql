-- A Spanish text search configuration that ignores accents: words are unaccented, then stemmed by the
-- Spanish stemmer. Documents and queries both use it, so "circulacion" finds "circulación", and
-- ts_headline can highlight matches on the original, accented text.
CREATE TEXT SEARCH CONFIGURATION es_unaccent (COPY = pg_catalog.spanish);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION es_unaccent
  ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, spanish_stem;--> statement-breakpoint
UPDATE regulations r SET
  search_document =
    setweight(to_tsvector('es_unaccent', r.subject), 'A') ||
    setweight(to_tsvector('es_unaccent', coalesce(
      (SELECT string_agg(k.word, ' ') FROM regulation_keywords k WHERE k.regulation_id = r.id), '')), 'B') ||
    setweight(to_tsvector('es_unaccent', coalesce(r.approved_text, '')), 'C'),
  process_document = CASE WHEN r.process_text IS NULL THEN NULL ELSE to_tsvector('es_unaccent', r.process_text) END;
