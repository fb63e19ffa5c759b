-- Teams (data roles, issue 20): a team's row-level conditions on the group's calls and the
-- dashboards its members may open (empty: all).
CREATE TABLE IF NOT EXISTS "data_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL REFERENCES "groups"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dashboards" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "data_roles_group_name_idx" ON "data_roles" USING btree ("group_id","name");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "data_role_members" (
	"group_id" uuid NOT NULL REFERENCES "groups"("id") ON DELETE CASCADE,
	"role_id" uuid NOT NULL REFERENCES "data_roles"("id") ON DELETE CASCADE,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_role_members_pk" PRIMARY KEY ("role_id","user_id")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "data_role_members_user_idx" ON "data_role_members" USING btree ("group_id","user_id");
