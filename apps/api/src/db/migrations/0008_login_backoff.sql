CREATE TABLE "known_login_clients" (
	"user_id" integer NOT NULL,
	"client_hash" text NOT NULL,
	"last_success_at" timestamp with time zone NOT NULL,
	CONSTRAINT "known_login_clients_user_id_client_hash_pk" PRIMARY KEY("user_id","client_hash")
);
--> statement-breakpoint
ALTER TABLE "login_throttle" ADD COLUMN "blocked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "known_login_clients" ADD CONSTRAINT "known_login_clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;