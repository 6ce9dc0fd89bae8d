CREATE TYPE "public"."regulation_action_kind" AS ENUM('ingreso', 'giro', 'despacho', 'orden_del_dia', 'tratamiento', 'sancion', 'promulgacion', 'veto', 'insistencia', 'publicacion', 'archivo', 'caducidad');--> statement-breakpoint
CREATE TABLE "expediente_counters" (
	"year" smallint PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regulation_actions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "regulation_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"regulation_id" integer NOT NULL,
	"kind" "regulation_action_kind" NOT NULL,
	"date" date NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"note" text,
	"pdf" text,
	"automatic" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "regulations" ADD COLUMN "expediente" text;--> statement-breakpoint
ALTER TABLE "regulation_actions" ADD CONSTRAINT "regulation_actions_regulation_id_regulations_id_fk" FOREIGN KEY ("regulation_id") REFERENCES "public"."regulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regulation_actions" ADD CONSTRAINT "regulation_actions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "regulation_actions_regulation_idx" ON "regulation_actions" USING btree ("regulation_id","date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "regulations_expediente_key" ON "regulations" USING btree ("expediente");