-- Trusted extensions (PostgreSQL >= 13): a database owner may create them without superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TYPE "public"."author_type" AS ENUM('particular', 'concejal', 'DEM');--> statement-breakpoint
CREATE TYPE "public"."dem_type" AS ENUM('message', 'decree', 'ordinance');--> statement-breakpoint
CREATE TYPE "public"."regulation_state" AS ENUM('process', 'approved');--> statement-breakpoint
CREATE TYPE "public"."regulation_type" AS ENUM('correspondence', 'dem-message', 'declaration', 'decree', 'minute', 'ordinance', 'resolution');--> statement-breakpoint
CREATE SEQUENCE "public"."regulation_cargo_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "regulation_authors" (
	"regulation_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "regulation_authors_regulation_id_position_pk" PRIMARY KEY("regulation_id","position")
);
--> statement-breakpoint
CREATE TABLE "regulation_keywords" (
	"regulation_id" integer NOT NULL,
	"position" integer NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "regulation_keywords_regulation_id_position_pk" PRIMARY KEY("regulation_id","position")
);
--> statement-breakpoint
CREATE TABLE "regulation_links" (
	"modifier_id" integer NOT NULL,
	"modified_id" integer NOT NULL,
	CONSTRAINT "regulation_links_modifier_id_modified_id_pk" PRIMARY KEY("modifier_id","modified_id")
);
--> statement-breakpoint
CREATE TABLE "regulation_modifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "regulation_modifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"regulation_id" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name_cell" text NOT NULL,
	"old_cell" text,
	"new_cell" text
);
--> statement-breakpoint
CREATE TABLE "regulations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "regulations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cargo" integer DEFAULT nextval('regulation_cargo_seq') NOT NULL,
	"type" "regulation_type" NOT NULL,
	"dem_type" "dem_type",
	"number" integer,
	"subject" text NOT NULL,
	"state" "regulation_state" NOT NULL,
	"author_type" "author_type",
	"pdf_process" text,
	"pdf_approved" text,
	"is_old" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_document" "tsvector"
);
--> statement-breakpoint
ALTER TABLE "regulation_authors" ADD CONSTRAINT "regulation_authors_regulation_id_regulations_id_fk" FOREIGN KEY ("regulation_id") REFERENCES "public"."regulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulation_keywords" ADD CONSTRAINT "regulation_keywords_regulation_id_regulations_id_fk" FOREIGN KEY ("regulation_id") REFERENCES "public"."regulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulation_links" ADD CONSTRAINT "regulation_links_modifier_id_regulations_id_fk" FOREIGN KEY ("modifier_id") REFERENCES "public"."regulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulation_links" ADD CONSTRAINT "regulation_links_modified_id_regulations_id_fk" FOREIGN KEY ("modified_id") REFERENCES "public"."regulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulation_modifications" ADD CONSTRAINT "regulation_modifications_regulation_id_regulations_id_fk" FOREIGN KEY ("regulation_id") REFERENCES "public"."regulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulation_modifications" ADD CONSTRAINT "regulation_modifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulations" ADD CONSTRAINT "regulations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "regulation_authors_name_trgm_idx" ON "regulation_authors" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "regulation_links_modified_idx" ON "regulation_links" USING btree ("modified_id");--> statement-breakpoint
CREATE INDEX "regulation_modifications_regulation_idx" ON "regulation_modifications" USING btree ("regulation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "regulations_cargo_key" ON "regulations" USING btree ("cargo");--> statement-breakpoint
CREATE UNIQUE INDEX "regulations_type_number_key" ON "regulations" USING btree ("type","number");--> statement-breakpoint
CREATE INDEX "regulations_created_at_idx" ON "regulations" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "regulations_number_idx" ON "regulations" USING btree ("number");--> statement-breakpoint
CREATE INDEX "regulations_search_idx" ON "regulations" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "regulations_subject_trgm_idx" ON "regulations" USING gin ("subject" gin_trgm_ops);