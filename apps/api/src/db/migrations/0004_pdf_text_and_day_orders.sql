CREATE TYPE "public"."text_status" AS ENUM('none', 'pending', 'indexed', 'unreadable');--> statement-breakpoint
CREATE TYPE "public"."agenda_section" AS ENUM('correspondence', 'dem_message', 'projects', 'comision_gobierno', 'comision_hacienda', 'comision_obras', 'comision_higiene');--> statement-breakpoint
CREATE TYPE "public"."session_type" AS ENUM('ordinaria', 'convocada', 'autoconvocada');--> statement-breakpoint
CREATE TABLE "day_order_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "day_order_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"day_order_id" integer NOT NULL,
	"section" "agenda_section" NOT NULL,
	"order_in_section" integer NOT NULL,
	"regulation_id" integer,
	"custom_text" text,
	CONSTRAINT "day_order_items_one_content" CHECK (("day_order_items"."regulation_id" is null) <> ("day_order_items"."custom_text" is null))
);
--> statement-breakpoint
CREATE TABLE "day_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "day_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_type" "session_type" NOT NULL,
	"session_date" timestamp with time zone NOT NULL,
	"previous_minutes" text NOT NULL,
	"pdf_key" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "regulations" ADD COLUMN "approved_text" text;--> statement-breakpoint
ALTER TABLE "regulations" ADD COLUMN "process_text" text;--> statement-breakpoint
ALTER TABLE "regulations" ADD COLUMN "text_status" text_status DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "regulations" ADD COLUMN "process_document" "tsvector";--> statement-breakpoint
ALTER TABLE "day_order_items" ADD CONSTRAINT "day_order_items_day_order_id_day_orders_id_fk" FOREIGN KEY ("day_order_id") REFERENCES "public"."day_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_order_items" ADD CONSTRAINT "day_order_items_regulation_id_regulations_id_fk" FOREIGN KEY ("regulation_id") REFERENCES "public"."regulations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_orders" ADD CONSTRAINT "day_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "day_order_items_day_order_idx" ON "day_order_items" USING btree ("day_order_id","section","order_in_section");--> statement-breakpoint
CREATE INDEX "day_order_items_regulation_idx" ON "day_order_items" USING btree ("regulation_id");--> statement-breakpoint
CREATE INDEX "day_orders_created_at_idx" ON "day_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "regulations_process_document_idx" ON "regulations" USING gin ("process_document");--> statement-breakpoint
CREATE INDEX "regulations_text_pending_idx" ON "regulations" USING btree ("id") WHERE "regulations"."text_status" = 'pending';