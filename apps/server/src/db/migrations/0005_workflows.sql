-- Workflows (issue 6): watchers, firings (cool-down), the action outbox, action history,
-- and the local mail and EventBridge stores.
CREATE TABLE "workflows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL REFERENCES "groups"("id") ON DELETE cascade,
	"family" text NOT NULL,
	"application" text NOT NULL,
	"trigger" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"class_name" text,
	"actions" jsonb NOT NULL,
	"trigger_threshold" jsonb NOT NULL,
	"tags" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"execution_state" text DEFAULT 'awaits_execution' NOT NULL,
	"last_fired_at" timestamp with time zone,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "workflows_group_idx" ON "workflows" USING btree ("group_id","family");
--> statement-breakpoint
CREATE TABLE "watcher_firings" (
	"workflow_id" uuid NOT NULL REFERENCES "workflows"("id") ON DELETE cascade,
	"contact_id" text NOT NULL,
	"fired_at" timestamp with time zone NOT NULL,
	CONSTRAINT "watcher_firings_workflow_id_contact_id_pk" PRIMARY KEY("workflow_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "workflow_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"group_id" uuid NOT NULL REFERENCES "groups"("id") ON DELETE cascade,
	"workflow_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"payload" jsonb NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "workflow_jobs_due_idx" ON "workflow_jobs" USING btree ("status","run_after");
--> statement-breakpoint
CREATE TABLE "workflow_action_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL REFERENCES "groups"("id") ON DELETE cascade,
	"workflow_id" uuid,
	"job_id" bigint,
	"workflow_name" text NOT NULL,
	"application" text NOT NULL,
	"trigger" text NOT NULL,
	"action" text NOT NULL,
	"contact_id" text,
	"agent_name" text,
	"response" text NOT NULL,
	"result" text NOT NULL,
	"attempts" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "workflow_action_history_group_time_idx" ON "workflow_action_history" USING btree ("group_id","created_at");
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eventbridge_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"region" text NOT NULL,
	"event_source_name" text NOT NULL,
	"detail_type" text NOT NULL,
	"detail" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "eventbridge_events_source_idx" ON "eventbridge_events" USING btree ("event_source_name","created_at");
