CREATE TYPE "public"."alert_event_kind" AS ENUM('regulation-published', 'regulation-linked', 'day-order-published');--> statement-breakpoint
CREATE TYPE "public"."subscription_kind" AS ENUM('search', 'regulation', 'day-orders');--> statement-breakpoint
CREATE TABLE "alert_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" "alert_event_kind" NOT NULL,
	"regulation_id" integer,
	"by_regulation_id" integer,
	"day_order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_events_subject" CHECK (case "alert_events"."kind" when 'day-order-published' then "alert_events"."day_order_id" is not null when 'regulation-linked' then "alert_events"."regulation_id" is not null and "alert_events"."by_regulation_id" is not null else "alert_events"."regulation_id" is not null end)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"email_digest" text NOT NULL,
	"kind" "subscription_kind" NOT NULL,
	"search" text,
	"search_query" "tsquery",
	"type" "regulation_type",
	"legal_force" "legal_force",
	"regulation_id" integer,
	"confirm_token_hash" text,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "subscriptions_followed_key" UNIQUE NULLS NOT DISTINCT("email_digest","kind","search","type","legal_force","regulation_id"),
	CONSTRAINT "subscriptions_regulation_kind" CHECK (("subscriptions"."kind" = 'regulation') = ("subscriptions"."regulation_id" is not null)),
	CONSTRAINT "subscriptions_search_kind" CHECK ("subscriptions"."kind" = 'search' or ("subscriptions"."search" is null and "subscriptions"."type" is null and "subscriptions"."legal_force" is null))
);
--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_regulation_id_regulations_id_fk" FOREIGN KEY ("regulation_id") REFERENCES "public"."regulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_by_regulation_id_regulations_id_fk" FOREIGN KEY ("by_regulation_id") REFERENCES "public"."regulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_day_order_id_day_orders_id_fk" FOREIGN KEY ("day_order_id") REFERENCES "public"."day_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_regulation_id_regulations_id_fk" FOREIGN KEY ("regulation_id") REFERENCES "public"."regulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_confirm_token_key" ON "subscriptions" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "subscriptions_confirmed_kind_idx" ON "subscriptions" USING btree ("kind") WHERE "subscriptions"."confirmed_at" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_regulation_idx" ON "subscriptions" USING btree ("regulation_id");--> statement-breakpoint
CREATE INDEX "subscriptions_unconfirmed_idx" ON "subscriptions" USING btree ("created_at") WHERE "subscriptions"."confirmed_at" is null;