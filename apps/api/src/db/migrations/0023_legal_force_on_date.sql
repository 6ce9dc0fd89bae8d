ALTER TYPE "public"."legal_force" ADD VALUE 'suspended';--> statement-breakpoint
ALTER TYPE "public"."legal_force" ADD VALUE 'lapsed';--> statement-breakpoint
ALTER TYPE "public"."legal_force" ADD VALUE 'void';--> statement-breakpoint
ALTER TYPE "public"."regulation_link_kind" ADD VALUE 'suspends';--> statement-breakpoint
ALTER TYPE "public"."regulation_link_kind" ADD VALUE 'extends';--> statement-breakpoint
ALTER TABLE "regulation_links" ADD COLUMN "note" varchar(200);--> statement-breakpoint
ALTER TABLE "regulation_links" ADD COLUMN "until" date;--> statement-breakpoint
ALTER TABLE "regulations" ADD COLUMN "in_force_until" date;--> statement-breakpoint
ALTER TABLE "regulations" ADD COLUMN "voided_on" date;--> statement-breakpoint
-- Legal force on a day (DESIGN.md 9.2). The council's day: the zone an operator set for the session
-- (concejo.time_zone), else the default council's; every Argentine zone is UTC-3 all year. The
-- nightly refresh (the legal-force-day job) passes the day itself.
CREATE FUNCTION council_today() RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (now() AT TIME ZONE coalesce(nullif(current_setting('concejo.time_zone', true), ''), 'America/Argentina/Buenos_Aires'))::date
$$;--> statement-breakpoint
-- The day a norm takes effect: in force from its publication (or the day its publicación names), else
-- its enactment, else its approval, else the day it was registered (an archive norm without steps).
CREATE FUNCTION regulation_effective_on(r regulations) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT coalesce(r.in_force_from, r.enacted_on,
    (r.approved_at AT TIME ZONE 'America/Argentina/Buenos_Aires')::date,
    (r.created_at AT TIME ZONE 'America/Argentina/Buenos_Aires')::date)
$$;--> statement-breakpoint
-- A norm's legal force on a day; null before it took effect. A link counts from its acting norm's
-- effective day, when that norm is approved (or an archive norm); a repeal by a norm repealed later
-- still stands (DESIGN.md section 6). In this order: void, repealed, lapsed (a caducidad or the term
-- written in it), suspended (while a suspension lasts), partially repealed, in force. PL/pgSQL: the
-- new enum values are read when it runs, after the migration that adds them has committed.
CREATE FUNCTION regulation_legal_force_on(target integer, on_day date) RETURNS legal_force LANGUAGE plpgsql STABLE AS $$
DECLARE
  own regulations%ROWTYPE;
BEGIN
  SELECT * INTO own FROM regulations WHERE id = target;
  IF NOT FOUND OR regulation_effective_on(own) > on_day THEN
    RETURN NULL;
  END IF;
  IF own.voided_on IS NOT NULL AND own.voided_on <= on_day THEN
    RETURN 'void';
  END IF;
  IF EXISTS (SELECT 1 FROM regulation_links l JOIN regulations m ON m.id = l.modifier_id
             WHERE l.modified_id = target AND l.kind = 'repeals' AND (m.state = 'approved' OR m.is_old)
               AND regulation_effective_on(m) <= on_day) THEN
    RETURN 'repealed';
  END IF;
  IF own.in_force_until < on_day
     OR EXISTS (SELECT 1 FROM regulation_actions a WHERE a.regulation_id = target AND a.kind = 'caducidad' AND a.date <= on_day) THEN
    RETURN 'lapsed';
  END IF;
  IF EXISTS (SELECT 1 FROM regulation_links l JOIN regulations m ON m.id = l.modifier_id
             WHERE l.modified_id = target AND l.kind::text = 'suspends' AND (m.state = 'approved' OR m.is_old)
               AND regulation_effective_on(m) <= on_day AND (l.until IS NULL OR l.until >= on_day)) THEN
    RETURN 'suspended';
  END IF;
  IF EXISTS (SELECT 1 FROM regulation_links l JOIN regulations m ON m.id = l.modifier_id
             WHERE l.modified_id = target AND l.kind = 'partially_repeals' AND (m.state = 'approved' OR m.is_old)
               AND regulation_effective_on(m) <= on_day) THEN
    RETURN 'partially_repealed';
  END IF;
  RETURN 'in_force';
END $$;--> statement-breakpoint
-- The stored legal force (regulations.legal_force, what lists and the search index read) is today's;
-- a norm not yet in effect reads as in force, as before.
CREATE OR REPLACE FUNCTION regulation_legal_force(target integer) RETURNS legal_force LANGUAGE sql STABLE AS $$
  SELECT coalesce(regulation_legal_force_on(target, council_today()), 'in_force'::legal_force)
$$;--> statement-breakpoint
-- A norm approved or sent back, or whose dates moved: the norms its force links point at change with it.
CREATE OR REPLACE FUNCTION regulations_modifier_state_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM regulations_refresh_legal_force(ARRAY(
    SELECT l.modified_id FROM regulation_links l WHERE l.modifier_id = NEW.id AND l.kind::text IN ('repeals', 'partially_repeals', 'suspends')));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER regulations_modifier_dates_changed AFTER UPDATE OF in_force_from, enacted_on, approved_at ON "regulations"
  FOR EACH ROW WHEN (OLD.in_force_from IS DISTINCT FROM NEW.in_force_from OR OLD.enacted_on IS DISTINCT FROM NEW.enacted_on OR OLD.approved_at IS DISTINCT FROM NEW.approved_at)
  EXECUTE FUNCTION regulations_modifier_state_changed();--> statement-breakpoint
-- Its own term or nullity set or cleared: the norm itself.
CREATE FUNCTION regulations_own_force_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM regulations_refresh_legal_force(ARRAY[NEW.id]);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER regulations_own_force_changed AFTER UPDATE OF in_force_until, voided_on ON "regulations"
  FOR EACH ROW WHEN (OLD.in_force_until IS DISTINCT FROM NEW.in_force_until OR OLD.voided_on IS DISTINCT FROM NEW.voided_on)
  EXECUTE FUNCTION regulations_own_force_changed();--> statement-breakpoint
-- A caducidad added, moved or removed: the norm it belongs to.
CREATE FUNCTION regulation_actions_force_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.kind = 'caducidad' THEN
    PERFORM regulations_refresh_legal_force(ARRAY[OLD.regulation_id]);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.kind = 'caducidad' THEN
    PERFORM regulations_refresh_legal_force(ARRAY[NEW.regulation_id]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER regulation_actions_force_changed AFTER INSERT OR UPDATE OR DELETE ON "regulation_actions"
  FOR EACH ROW EXECUTE FUNCTION regulation_actions_force_changed();
