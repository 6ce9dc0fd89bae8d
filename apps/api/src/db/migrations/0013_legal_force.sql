CREATE TYPE "public"."legal_force" AS ENUM('in_force', 'partially_repealed', 'repealed');--> statement-breakpoint
CREATE TYPE "public"."regulation_link_kind" AS ENUM('modifies', 'repeals', 'partially_repeals', 'regulates');--> statement-breakpoint
ALTER TABLE "regulation_links" ADD COLUMN "kind" "regulation_link_kind" DEFAULT 'modifies' NOT NULL;--> statement-breakpoint
ALTER TABLE "regulations" ADD COLUMN "legal_force" "legal_force" DEFAULT 'in_force' NOT NULL;--> statement-breakpoint
CREATE INDEX "regulations_legal_force_created_at_idx" ON "regulations" USING btree ("legal_force","created_at","id");--> statement-breakpoint
-- A norm's legal force follows from the approved (or old, loaded from the archive) norms linked to it:
-- repealed when one repeals it, partially repealed when one partially repeals it, in force otherwise.
-- A repeal by a norm that is itself repealed later still stands (DESIGN.md section 6).
CREATE FUNCTION regulation_legal_force(target integer) RETURNS legal_force LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN EXISTS (SELECT 1 FROM regulation_links l JOIN regulations m ON m.id = l.modifier_id
                 WHERE l.modified_id = target AND l.kind = 'repeals' AND (m.state = 'approved' OR m.is_old))
      THEN 'repealed'::legal_force
    WHEN EXISTS (SELECT 1 FROM regulation_links l JOIN regulations m ON m.id = l.modifier_id
                 WHERE l.modified_id = target AND l.kind = 'partially_repeals' AND (m.state = 'approved' OR m.is_old))
      THEN 'partially_repealed'::legal_force
    ELSE 'in_force'::legal_force
  END
$$;--> statement-breakpoint
-- Rewrites the legal force of the given norms where it changed (the row's search stamp moves with it,
-- so every instance's search index reads it again).
CREATE FUNCTION regulations_refresh_legal_force(targets integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE regulations r SET legal_force = regulation_legal_force(r.id)
    WHERE r.id = ANY (targets) AND r.legal_force IS DISTINCT FROM regulation_legal_force(r.id)
$$;--> statement-breakpoint
CREATE FUNCTION regulation_links_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM regulations_refresh_legal_force(ARRAY[OLD.modified_id]);
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.modified_id <> NEW.modified_id THEN
    PERFORM regulations_refresh_legal_force(ARRAY[OLD.modified_id, NEW.modified_id]);
  ELSE
    PERFORM regulations_refresh_legal_force(ARRAY[NEW.modified_id]);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER regulation_links_legal_force AFTER INSERT OR UPDATE OR DELETE ON "regulation_links"
  FOR EACH ROW EXECUTE FUNCTION regulation_links_changed();--> statement-breakpoint
-- A repealing norm approved, or sent back to process: the norms it repeals change with it.
CREATE FUNCTION regulations_modifier_state_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM regulations_refresh_legal_force(ARRAY(
    SELECT l.modified_id FROM regulation_links l WHERE l.modifier_id = NEW.id AND l.kind IN ('repeals', 'partially_repeals')));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER regulations_modifier_state_changed AFTER UPDATE OF state, is_old ON "regulations"
  FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state OR OLD.is_old IS DISTINCT FROM NEW.is_old)
  EXECUTE FUNCTION regulations_modifier_state_changed();
