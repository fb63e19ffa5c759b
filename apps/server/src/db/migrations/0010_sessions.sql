-- Sessions (issue 14): one auth_sessions row per signed-in browser (the refresh-token family),
-- checked on every request so that sign-out and a password change end its access tokens at
-- once, across processes. Existing families become sessions, revoked when any token was.
CREATE TABLE "auth_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
INSERT INTO "auth_sessions" ("id", "user_id", "revoked_at", "created_at")
SELECT "family_id", min("user_id"::text)::uuid, max("revoked_at"), min("created_at")
FROM "refresh_sessions" GROUP BY "family_id";--> statement-breakpoint
ALTER TABLE "refresh_sessions" ADD CONSTRAINT "refresh_sessions_family_id_auth_sessions_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Set for a super user whose password was generated at first start (decisions.md).
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;
