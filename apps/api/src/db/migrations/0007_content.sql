CREATE TYPE "public"."contact_side" AS ENUM('left', 'right');--> statement-breakpoint
CREATE TABLE "banners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"image" jsonb NOT NULL,
	"alt" text,
	"caption" boolean DEFAULT false NOT NULL,
	"title" text,
	"description" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"publication_date" timestamp with time zone,
	"unpublication_date" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_status" CHECK ("banners"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "contact_images" (
	"side" "contact_side" PRIMARY KEY NOT NULL,
	"image" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "news_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"description" text NOT NULL,
	"image" jsonb,
	"embedded_images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"publication_date" timestamp with time zone,
	"unpublication_date" timestamp with time zone,
	"video_url" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_status" CHECK ("news"."status" in (0, 1)),
	CONSTRAINT "news_image_or_video" CHECK ("news"."image" is not null or "news"."video_url" is not null)
);
--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_images" ADD CONSTRAINT "contact_images_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_created_at_idx" ON "banners" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "news_newest_idx" ON "news" USING btree (coalesce("publication_date", "created_at") desc,"id" DESC NULLS LAST);