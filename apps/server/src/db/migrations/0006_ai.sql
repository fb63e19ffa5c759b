-- AI summaries and the CX copilot (issue 5): threads, their messages, journey summaries.
CREATE TABLE IF NOT EXISTS "ai_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL REFERENCES "groups"("id") ON DELETE cascade,
	"user_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"kind" text NOT NULL,
	"last_query" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ai_threads_group_idx" ON "ai_threads" USING btree ("group_id","updated_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "ai_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"thread_id" uuid NOT NULL REFERENCES "ai_threads"("id") ON DELETE cascade,
	"group_id" uuid NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"artifacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ai_messages_thread_idx" ON "ai_messages" USING btree ("thread_id","seq");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "ai_summaries" (
	"group_id" uuid NOT NULL REFERENCES "groups"("id") ON DELETE cascade,
	"trace_id" text NOT NULL,
	"thread_id" uuid NOT NULL REFERENCES "ai_threads"("id") ON DELETE cascade,
	"response" text NOT NULL,
	"engine" text NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_summaries_group_id_trace_id_pk" PRIMARY KEY("group_id","trace_id")
);
