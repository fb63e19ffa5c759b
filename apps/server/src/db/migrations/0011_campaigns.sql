-- Campaigns (issue 17): simulated call load tests, their runs and the calls of each run.
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL REFERENCES "groups"("id") ON DELETE cascade,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" jsonb NOT NULL,
	"from_number" text NOT NULL,
	"to_number" text,
	"total_calls" integer NOT NULL,
	"no_answer_timeout" integer NOT NULL,
	"call_duration" integer NOT NULL,
	"calls_per_second" double precision NOT NULL,
	"answer_treatment" text DEFAULT '' NOT NULL,
	"data_headers" jsonb NOT NULL,
	"data" jsonb NOT NULL,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_group_name_idx" ON "campaigns" USING btree ("group_id",lower("name"));
--> statement-breakpoint
CREATE TABLE "campaign_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL REFERENCES "groups"("id") ON DELETE cascade,
	"campaign_id" uuid NOT NULL REFERENCES "campaigns"("id") ON DELETE restrict,
	"description" text NOT NULL,
	"tags" jsonb NOT NULL,
	"status" text DEFAULT 'Queued' NOT NULL,
	"outcome" text,
	"is_complete" boolean DEFAULT false NOT NULL,
	"canceled_at" timestamp with time zone,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"parameters" jsonb NOT NULL,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX "campaign_runs_campaign_idx" ON "campaign_runs" USING btree ("group_id","campaign_id","created_on");
--> statement-breakpoint
CREATE TABLE "campaign_calls" (
	"group_id" uuid NOT NULL REFERENCES "groups"("id") ON DELETE cascade,
	"run_id" uuid NOT NULL REFERENCES "campaign_runs"("id") ON DELETE cascade,
	"seq" integer NOT NULL,
	"call_sid" text,
	"to_number" text NOT NULL,
	"from_number" text NOT NULL,
	"answer_treatment" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone,
	"initiated_at" timestamp with time zone,
	"ringing_at" timestamp with time zone,
	"in_progress_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"no_answer_at" timestamp with time zone,
	"busy_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"terminated_prematurely_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"sip_code" integer,
	"reason" text,
	"post_dial_delay_ms" integer,
	"time_to_answer_ms" integer,
	"duration_ms" integer,
	"recording_path" text,
	CONSTRAINT "campaign_calls_run_id_seq_pk" PRIMARY KEY("run_id","seq")
);
--> statement-breakpoint
CREATE INDEX "campaign_calls_group_idx" ON "campaign_calls" USING btree ("group_id");
