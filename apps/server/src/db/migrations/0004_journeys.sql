-- Journeys (issue 5): OpenTelemetry traces, spans and the insights recorded on them.
CREATE TABLE "journey_traces" (
	"group_id" uuid NOT NULL,
	"trace_id" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"duration_ms" double precision NOT NULL,
	"span_count" integer NOT NULL,
	"service_name" text NOT NULL,
	"root_span_name" text NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"insight_count" integer DEFAULT 0 NOT NULL,
	"platform" text,
	"journey_id" text,
	"agent_username" text,
	"agent_ip" text,
	"softphone_contact_id" text,
	"telephony_agent_name" text,
	"call_from_number" text,
	"network_type" text,
	"jitter_avg" double precision,
	"mos_avg" double precision,
	"packet_loss" double precision,
	"rtt_avg" double precision,
	"talk_time" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journey_traces_group_id_trace_id_pk" PRIMARY KEY("group_id","trace_id"),
	CONSTRAINT "journey_traces_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE TABLE "journey_spans" (
	"group_id" uuid NOT NULL,
	"trace_id" text NOT NULL,
	"span_id" text NOT NULL,
	"parent_span_id" text,
	"name" text NOT NULL,
	"kind" smallint DEFAULT 0 NOT NULL,
	"start_ns" bigint NOT NULL,
	"end_ns" bigint NOT NULL,
	"duration_ms" double precision NOT NULL,
	"service_name" text NOT NULL,
	"status_code" smallint DEFAULT 0 NOT NULL,
	"status_message" text,
	"attributes" json NOT NULL,
	"events" json NOT NULL,
	"resource_attributes" json NOT NULL,
	"scope_name" text DEFAULT '' NOT NULL,
	"scope_version" text,
	"call_id" text,
	"insight_count" integer DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journey_spans_group_id_trace_id_span_id_pk" PRIMARY KEY("group_id","trace_id","span_id"),
	CONSTRAINT "journey_spans_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE TABLE "journey_insights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"trace_id" text NOT NULL,
	"span_id" text NOT NULL,
	"rule_id" text NOT NULL,
	"insight_type" text NOT NULL,
	"value_string" text NOT NULL,
	"attributes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journey_insights_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX "journey_traces_group_start_idx" ON "journey_traces" USING btree ("group_id","start_time","trace_id");--> statement-breakpoint
CREATE INDEX "journey_traces_platform_idx" ON "journey_traces" USING btree ("group_id","platform","start_time");--> statement-breakpoint
CREATE INDEX "journey_traces_journey_idx" ON "journey_traces" USING btree ("group_id","journey_id","start_time");--> statement-breakpoint
CREATE INDEX "journey_traces_agent_idx" ON "journey_traces" USING btree ("group_id","agent_username","start_time");--> statement-breakpoint
CREATE INDEX "journey_traces_agent_ip_idx" ON "journey_traces" USING btree ("group_id","agent_ip","start_time");--> statement-breakpoint
CREATE INDEX "journey_traces_contact_idx" ON "journey_traces" USING btree ("group_id","softphone_contact_id","start_time");--> statement-breakpoint
CREATE INDEX "journey_traces_tel_agent_idx" ON "journey_traces" USING btree ("group_id","telephony_agent_name","start_time");--> statement-breakpoint
CREATE INDEX "journey_traces_from_idx" ON "journey_traces" USING btree ("group_id","call_from_number","start_time");--> statement-breakpoint
CREATE INDEX "journey_traces_network_idx" ON "journey_traces" USING btree ("group_id","network_type","start_time");--> statement-breakpoint
CREATE INDEX "journey_traces_jitter_idx" ON "journey_traces" USING btree ("group_id","jitter_avg","start_time");--> statement-breakpoint
CREATE INDEX "journey_traces_mos_idx" ON "journey_traces" USING btree ("group_id","mos_avg","start_time");--> statement-breakpoint
CREATE INDEX "journey_traces_loss_idx" ON "journey_traces" USING btree ("group_id","packet_loss","start_time");--> statement-breakpoint
CREATE INDEX "journey_traces_rtt_idx" ON "journey_traces" USING btree ("group_id","rtt_avg","start_time");--> statement-breakpoint
CREATE INDEX "journey_traces_talk_idx" ON "journey_traces" USING btree ("group_id","talk_time","start_time");--> statement-breakpoint
CREATE INDEX "journey_spans_call_idx" ON "journey_spans" USING btree ("group_id","call_id") WHERE "journey_spans"."call_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "journey_insights_span_rule_idx" ON "journey_insights" USING btree ("group_id","trace_id","span_id","rule_id");--> statement-breakpoint
CREATE INDEX "journey_insights_group_created_idx" ON "journey_insights" USING btree ("group_id","created_at");
