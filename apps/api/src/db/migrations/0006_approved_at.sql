ALTER TABLE "regulations" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
UPDATE "regulations" SET "approved_at" = "updated_at" WHERE "state" = 'approved';--> statement-breakpoint
CREATE INDEX "regulations_approved_at_idx" ON "regulations" USING btree ("approved_at");