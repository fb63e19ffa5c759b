CREATE TABLE "call_samples" (
	"group_id" uuid NOT NULL,
	"contact_id" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"in_mos" real,
	"in_packets" integer,
	"in_lost" integer,
	"in_audio_level" real,
	"out_mos" real,
	"out_packets" integer,
	"out_lost" integer,
	"out_audio_level" real,
	"rtt_ms" real,
	"jitter_ms" real,
	"cpu_available_percent" real,
	"memory_used_percent" real,
	"agent_status" smallint,
	"mos_computed" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "call_samples_group_id_contact_id_ts_pk" PRIMARY KEY("group_id","contact_id","ts")
);
--> statement-breakpoint
CREATE TABLE "call_summaries" (
	"group_id" uuid NOT NULL,
	"contact_id" text NOT NULL,
	"agent" text,
	"direction" text,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"ended_by" text,
	"disconnect_reason" text,
	"agent_isp" text,
	"agent_local_ip" text,
	"agent_external_ip" text,
	"browser_name" text,
	"browser_version" text,
	"agent_country" text,
	"agent_region" text,
	"network_type" text,
	"network_label" text,
	"hold_intervals" jsonb,
	"sip_response_code" smallint,
	"summary_received_at" timestamp with time zone,
	"sample_count" integer DEFAULT 0 NOT NULL,
	"first_sample_at" timestamp with time zone,
	"last_sample_at" timestamp with time zone,
	"duration_seconds" integer,
	"mos_avg" real,
	"mos_min" real,
	"mos_inbound_avg" real,
	"mos_outbound_avg" real,
	"jitter_avg_ms" real,
	"jitter_max_ms" real,
	"rtt_avg_ms" real,
	"rtt_max_ms" real,
	"packets_count" bigint DEFAULT 0 NOT NULL,
	"packets_lost" bigint DEFAULT 0 NOT NULL,
	"packets_lost_fraction" real,
	"cpu_available_min_percent" real,
	"memory_used_max_percent" real,
	"error_log_count" integer DEFAULT 0 NOT NULL,
	"score" real DEFAULT 10 NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"insights" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quality_state" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_summaries_group_id_contact_id_pk" PRIMARY KEY("group_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "softphone_logs" (
	"group_id" uuid NOT NULL,
	"id" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"level" text NOT NULL,
	"agent" text NOT NULL,
	"contact_id" text,
	"text" text NOT NULL,
	CONSTRAINT "softphone_logs_group_id_id_pk" PRIMARY KEY("group_id","id")
);
--> statement-breakpoint
CREATE TABLE "telemetry_events" (
	"group_id" uuid NOT NULL,
	"id" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"agent" text,
	"contact_id" text,
	"data" jsonb,
	CONSTRAINT "telemetry_events_group_id_id_pk" PRIMARY KEY("group_id","id")
);
--> statement-breakpoint
ALTER TABLE "call_summaries" ADD CONSTRAINT "call_summaries_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_summaries_group_start_idx" ON "call_summaries" USING btree ("group_id","start_time");--> statement-breakpoint
CREATE INDEX "call_summaries_group_agent_start_idx" ON "call_summaries" USING btree ("group_id","agent","start_time");--> statement-breakpoint
CREATE INDEX "call_summaries_group_isp_start_idx" ON "call_summaries" USING btree ("group_id","agent_isp","start_time");--> statement-breakpoint
CREATE INDEX "softphone_logs_group_contact_ts_idx" ON "softphone_logs" USING btree ("group_id","contact_id","ts");--> statement-breakpoint
CREATE INDEX "softphone_logs_group_ts_idx" ON "softphone_logs" USING btree ("group_id","ts");--> statement-breakpoint
CREATE INDEX "telemetry_events_group_contact_ts_idx" ON "telemetry_events" USING btree ("group_id","contact_id","ts");--> statement-breakpoint
CREATE INDEX "telemetry_events_group_ts_idx" ON "telemetry_events" USING btree ("group_id","ts");