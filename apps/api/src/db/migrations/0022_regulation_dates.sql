ALTER TABLE "regulation_actions" ADD COLUMN "day_order_id" integer;--> statement-breakpoint
ALTER TABLE "regulations" ADD COLUMN "enacted_on" date;--> statement-breakpoint
ALTER TABLE "regulations" ADD COLUMN "promulgated_on" date;--> statement-breakpoint
ALTER TABLE "regulations" ADD COLUMN "published_on" date;--> statement-breakpoint
ALTER TABLE "regulations" ADD COLUMN "in_force_from" date;--> statement-breakpoint
ALTER TABLE "regulation_actions" ADD CONSTRAINT "regulation_actions_day_order_id_day_orders_id_fk" FOREIGN KEY ("day_order_id") REFERENCES "public"."day_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "regulation_actions_day_order_idx" ON "regulation_actions" USING btree ("day_order_id");--> statement-breakpoint
-- The norms registered before the trámite existed (DESIGN.md 9.2) get the steps their rows already
-- tell: ingreso on the day they were registered, orden del día for each agenda that lists them (on its
-- session's day), and the sanción of an approved one on its approval day (an archive norm: the date it
-- was loaded with, kept at noon UTC). Days in the council's default zone (every Argentine zone is
-- UTC-3 all year).
INSERT INTO "regulation_actions" ("regulation_id", "kind", "date", "automatic")
SELECT r."id", 'ingreso', (r."created_at" AT TIME ZONE 'America/Argentina/Buenos_Aires')::date, true
FROM "regulations" r
WHERE NOT r."is_old" AND NOT EXISTS (SELECT 1 FROM "regulation_actions" a WHERE a."regulation_id" = r."id" AND a."kind" = 'ingreso');--> statement-breakpoint
INSERT INTO "regulation_actions" ("regulation_id", "kind", "date", "day_order_id", "automatic")
SELECT i."regulation_id", 'orden_del_dia', (d."session_date" AT TIME ZONE 'America/Argentina/Buenos_Aires')::date, d."id", true
FROM "day_order_items" i JOIN "day_orders" d ON d."id" = i."day_order_id"
WHERE i."regulation_id" IS NOT NULL;--> statement-breakpoint
INSERT INTO "regulation_actions" ("regulation_id", "kind", "date", "automatic")
SELECT r."id", 'sancion',
  CASE WHEN r."is_old" THEN (r."created_at" AT TIME ZONE 'UTC')::date
       ELSE (coalesce(r."approved_at", r."created_at") AT TIME ZONE 'America/Argentina/Buenos_Aires')::date END,
  true
FROM "regulations" r
WHERE r."state" = 'approved' AND NOT EXISTS (SELECT 1 FROM "regulation_actions" a WHERE a."regulation_id" = r."id" AND a."kind" = 'sancion');--> statement-breakpoint
UPDATE "regulations" r SET
  "enacted_on" = (SELECT max(a."date") FROM "regulation_actions" a WHERE a."regulation_id" = r."id" AND a."kind" = 'sancion'),
  "promulgated_on" = (SELECT max(a."date") FROM "regulation_actions" a WHERE a."regulation_id" = r."id" AND a."kind" = 'promulgacion'),
  ("published_on", "in_force_from") = (
    SELECT a."date", coalesce((a."details" ->> 'in_force_from')::date, a."date") FROM "regulation_actions" a
    WHERE a."regulation_id" = r."id" AND a."kind" = 'publicacion' ORDER BY a."date" DESC, a."id" DESC LIMIT 1);
