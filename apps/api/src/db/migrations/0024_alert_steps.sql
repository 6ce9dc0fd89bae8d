ALTER TYPE "public"."alert_event_kind" ADD VALUE 'regulation-step';--> statement-breakpoint
ALTER TABLE "alert_events" ADD COLUMN "action_id" integer;--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_action_id_regulation_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."regulation_actions"("id") ON DELETE cascade ON UPDATE no action;