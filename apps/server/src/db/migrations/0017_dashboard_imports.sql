-- Dashboard imports (issue 21): Superset-format ZIPs, their publishes to groups, the dashboards
-- those installed in each group's canvas, and the groups' logical dashboards and mappings.
CREATE TABLE IF NOT EXISTS "dashboard_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"version" integer NOT NULL,
	"target_group_id" uuid REFERENCES "groups"("id") ON DELETE CASCADE,
	"description" text DEFAULT '' NOT NULL,
	"is_draft" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"file" bytea NOT NULL,
	"preview" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dashboard_imports_type_group_idx" ON "dashboard_imports" USING btree ("type","target_group_id","version");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "dashboard_import_executions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL REFERENCES "groups"("id") ON DELETE CASCADE,
	"import_id" uuid REFERENCES "dashboard_imports"("id") ON DELETE SET NULL,
	"type" text NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dashboard_import_executions_group_idx" ON "dashboard_import_executions" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "canvas_dashboards" (
	"group_id" uuid NOT NULL REFERENCES "groups"("id") ON DELETE CASCADE,
	"id" text NOT NULL,
	"type" text NOT NULL,
	"import_id" uuid,
	"title" text NOT NULL,
	"spec" jsonb NOT NULL,
	"installed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "canvas_dashboards_pk" PRIMARY KEY ("group_id","id")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "logical_dashboards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL REFERENCES "groups"("id") ON DELETE CASCADE,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"dashboard_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "logical_dashboards_group_key_idx" ON "logical_dashboards" USING btree ("group_id","key");
