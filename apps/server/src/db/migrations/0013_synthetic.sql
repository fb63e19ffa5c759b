-- Synthetic test calls (issue 18): GSM monitors, heartbeat tests and their jobs.
CREATE TABLE "gsm_monitors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL REFERENCES "groups"("id") ON DELETE cascade,
	"description" text NOT NULL,
	"connect_regions" jsonb NOT NULL,
	"agent_regions" jsonb NOT NULL,
	"schedule_minutes" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_run" timestamp with time zone,
	"next_run" timestamp with time zone,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null
);--> statement-breakpoint
CREATE INDEX "gsm_monitors_due_idx" ON "gsm_monitors" ("next_run") WHERE "active";--> statement-breakpoint
CREATE TABLE "heartbeat_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL REFERENCES "groups"("id") ON DELETE cascade,
	"description" text NOT NULL,
	"agent_type" text NOT NULL,
	"agent_ids" jsonb NOT NULL,
	"source_phone_number" text NOT NULL,
	"target_phone_number" text NOT NULL,
	"schedule_minutes" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_run" timestamp with time zone,
	"next_run" timestamp with time zone,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null
);--> statement-breakpoint
CREATE INDEX "heartbeat_tests_due_idx" ON "heartbeat_tests" ("next_run") WHERE "active";--> statement-breakpoint
CREATE TABLE "synthetic_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL REFERENCES "groups"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"monitor_id" uuid REFERENCES "gsm_monitors"("id") ON DELETE cascade,
	"heartbeat_id" uuid REFERENCES "heartbeat_tests"("id") ON DELETE cascade,
	"slot_at" timestamp with time zone NOT NULL,
	"agent_id" text,
	"agent_type" text,
	"connect_region" text NOT NULL,
	"agent_region" text NOT NULL,
	"from_number" text,
	"to_number" text,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'Queued' NOT NULL,
	"claimed_by" text,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"cx_score" double precision,
	"ax_score" double precision,
	"network_score" double precision,
	"mos" double precision,
	"dialler_call_id" text,
	"receiver_call_id" text,
	"call_contact_id" text,
	"carrier" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"details" jsonb,
	"message" text
);--> statement-breakpoint
CREATE UNIQUE INDEX "synthetic_jobs_slot_idx" ON "synthetic_jobs" ("group_id", coalesce("monitor_id", "heartbeat_id"), "slot_at", coalesce("agent_id", ''), "connect_region", "agent_region");--> statement-breakpoint
CREATE INDEX "synthetic_jobs_list_idx" ON "synthetic_jobs" ("group_id", "kind", "created_on");--> statement-breakpoint
CREATE INDEX "synthetic_jobs_queue_idx" ON "synthetic_jobs" ("connect_region", "created_on") WHERE "status" in ('Queued', 'Running');
