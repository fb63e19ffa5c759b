-- Usage metering and billing (issue 22): per-group daily usage rollups kept current from marks
-- that statement triggers leave on every write of calls, journeys, campaign calls and heartbeat
-- jobs; marketplace subscriptions linked to customers; usage records sent to a marketplace and
-- the audit log of each send; the billing permission of platform staff.
CREATE TABLE IF NOT EXISTS "usage_days" (
	"group_id" uuid NOT NULL REFERENCES "groups"("id") ON DELETE CASCADE,
	"day" date NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"agent_interaction_min" integer DEFAULT 0 NOT NULL,
	"agent_duration_sec_filtered" bigint DEFAULT 0 NOT NULL,
	"agent_duration_min" integer DEFAULT 0 NOT NULL,
	"cloud_duration_min" integer DEFAULT 0 NOT NULL,
	"duration_min" integer DEFAULT 0 NOT NULL,
	"assurance_test_min" integer DEFAULT 0 NOT NULL,
	"assurance_test_count" integer DEFAULT 0 NOT NULL,
	"heartbeat_test_count" integer DEFAULT 0 NOT NULL,
	"stats_duration_min" integer DEFAULT 0 NOT NULL,
	"agents" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_days_pk" PRIMARY KEY ("group_id", "day")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "usage_dirty" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"group_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION usage_mark_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE format(
		'INSERT INTO usage_dirty (group_id, hour) SELECT DISTINCT group_id, date_trunc(''hour'', %s) FROM usage_new WHERE %s IS NOT NULL',
		TG_ARGV[0], TG_ARGV[0]);
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION usage_mark_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE format(
		'INSERT INTO usage_dirty (group_id, hour) SELECT DISTINCT group_id, date_trunc(''hour'', t) FROM (SELECT group_id, %s AS t FROM usage_new UNION ALL SELECT group_id, %s AS t FROM usage_old) x WHERE t IS NOT NULL',
		TG_ARGV[0], TG_ARGV[0]);
	RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "call_summaries_usage_ins" ON "call_summaries";--> statement-breakpoint
CREATE TRIGGER "call_summaries_usage_ins" AFTER INSERT ON "call_summaries" REFERENCING NEW TABLE AS usage_new FOR EACH STATEMENT EXECUTE FUNCTION usage_mark_inserted('start_time');--> statement-breakpoint
DROP TRIGGER IF EXISTS "call_summaries_usage_upd" ON "call_summaries";--> statement-breakpoint
CREATE TRIGGER "call_summaries_usage_upd" AFTER UPDATE ON "call_summaries" REFERENCING OLD TABLE AS usage_old NEW TABLE AS usage_new FOR EACH STATEMENT EXECUTE FUNCTION usage_mark_updated('start_time');--> statement-breakpoint
DROP TRIGGER IF EXISTS "journey_traces_usage_ins" ON "journey_traces";--> statement-breakpoint
CREATE TRIGGER "journey_traces_usage_ins" AFTER INSERT ON "journey_traces" REFERENCING NEW TABLE AS usage_new FOR EACH STATEMENT EXECUTE FUNCTION usage_mark_inserted('start_time');--> statement-breakpoint
DROP TRIGGER IF EXISTS "journey_traces_usage_upd" ON "journey_traces";--> statement-breakpoint
CREATE TRIGGER "journey_traces_usage_upd" AFTER UPDATE ON "journey_traces" REFERENCING OLD TABLE AS usage_old NEW TABLE AS usage_new FOR EACH STATEMENT EXECUTE FUNCTION usage_mark_updated('start_time');--> statement-breakpoint
DROP TRIGGER IF EXISTS "campaign_calls_usage_ins" ON "campaign_calls";--> statement-breakpoint
CREATE TRIGGER "campaign_calls_usage_ins" AFTER INSERT ON "campaign_calls" REFERENCING NEW TABLE AS usage_new FOR EACH STATEMENT EXECUTE FUNCTION usage_mark_inserted('coalesce(initiated_at, created_at)');--> statement-breakpoint
DROP TRIGGER IF EXISTS "campaign_calls_usage_upd" ON "campaign_calls";--> statement-breakpoint
CREATE TRIGGER "campaign_calls_usage_upd" AFTER UPDATE ON "campaign_calls" REFERENCING OLD TABLE AS usage_old NEW TABLE AS usage_new FOR EACH STATEMENT EXECUTE FUNCTION usage_mark_updated('coalesce(initiated_at, created_at)');--> statement-breakpoint
DROP TRIGGER IF EXISTS "synthetic_jobs_usage_ins" ON "synthetic_jobs";--> statement-breakpoint
CREATE TRIGGER "synthetic_jobs_usage_ins" AFTER INSERT ON "synthetic_jobs" REFERENCING NEW TABLE AS usage_new FOR EACH STATEMENT EXECUTE FUNCTION usage_mark_inserted('coalesce(started_at, slot_at)');--> statement-breakpoint
DROP TRIGGER IF EXISTS "synthetic_jobs_usage_upd" ON "synthetic_jobs";--> statement-breakpoint
CREATE TRIGGER "synthetic_jobs_usage_upd" AFTER UPDATE ON "synthetic_jobs" REFERENCING OLD TABLE AS usage_old NEW TABLE AS usage_new FOR EACH STATEMENT EXECUTE FUNCTION usage_mark_updated('coalesce(started_at, slot_at)');--> statement-breakpoint
-- What was stored before this migration is counted by the first runs of the rollup job.
INSERT INTO "usage_dirty" ("group_id", "hour")
	SELECT DISTINCT "group_id", date_trunc('hour', "start_time") FROM "call_summaries"
	UNION SELECT DISTINCT "group_id", date_trunc('hour', "start_time") FROM "journey_traces"
	UNION SELECT DISTINCT "group_id", date_trunc('hour', coalesce("initiated_at", "created_at")) FROM "campaign_calls"
	UNION SELECT DISTINCT "group_id", date_trunc('hour', coalesce("started_at", "slot_at")) FROM "synthetic_jobs";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "platform_permissions" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_subscriptions" ADD COLUMN IF NOT EXISTS "customer_id" uuid REFERENCES "customers"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "marketplace_subscriptions" ADD COLUMN IF NOT EXISTS "included_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_subscriptions" ADD COLUMN IF NOT EXISTS "billing_minutes_type" text DEFAULT 'DurationRoundedMin' NOT NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "billing_usage_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL REFERENCES "marketplace_subscriptions"("id") ON DELETE CASCADE,
	"customer_id" uuid NOT NULL REFERENCES "customers"("id") ON DELETE CASCADE,
	"customer_code" text NOT NULL,
	"product_code" text NOT NULL,
	"dimension" text NOT NULL,
	"month" text NOT NULL,
	"usage_hour" timestamp with time zone NOT NULL,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"metering_record_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "billing_usage_records_month_idx" ON "billing_usage_records" USING btree ("subscription_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "billing_usage_records_hour_idx" ON "billing_usage_records" USING btree ("customer_code","dimension","usage_hour");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "billing_audit_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"customer_id" uuid REFERENCES "customers"("id") ON DELETE SET NULL,
	"customer_name" text NOT NULL,
	"customer_code" text NOT NULL,
	"billed_group_id" uuid REFERENCES "groups"("id") ON DELETE SET NULL,
	"billed_group_name" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"billing_data" jsonb NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "billing_audit_logs_sent_idx" ON "billing_audit_logs" USING btree ("sent_at");
--> statement-breakpoint
-- Super users saw the billing tabs before the permission existed: they keep them.
UPDATE "users" SET "platform_permissions" = ARRAY['user:billing'] WHERE "is_super" AND NOT ('user:billing' = ANY("platform_permissions"));
