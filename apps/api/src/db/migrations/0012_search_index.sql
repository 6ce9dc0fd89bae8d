CREATE TABLE "regulation_search_removals" (
	"id" integer NOT NULL,
	"search_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "regulations" ADD COLUMN "search_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "regulation_search_removals_xid_idx" ON "regulation_search_removals" USING btree ("search_xid");--> statement-breakpoint
CREATE INDEX "regulation_search_removals_at_idx" ON "regulation_search_removals" USING btree ("removed_at");--> statement-breakpoint
CREATE INDEX "regulations_search_xid_idx" ON "regulations" USING btree ("search_xid");--> statement-breakpoint
-- Every write of a norm records its transaction, and every deletion leaves its id behind: the public
-- search's in-memory index reads what was written since it last looked (search-index-sync.ts).
CREATE FUNCTION regulations_search_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_xid := pg_current_xact_id();
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER regulations_search_written BEFORE UPDATE ON "regulations"
  FOR EACH ROW EXECUTE FUNCTION regulations_search_written();--> statement-breakpoint
CREATE FUNCTION regulations_search_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO regulation_search_removals (id) VALUES (OLD.id);
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER regulations_search_removed AFTER DELETE ON "regulations"
  FOR EACH ROW EXECUTE FUNCTION regulations_search_removed();
