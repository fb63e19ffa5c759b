-- Seconds stored in chunks (issue 4): one row per call and ingested batch, each measure an array
-- with one element per second (offsets_ms: milliseconds after start_ts). A batch of 10,000 seconds
-- of 1,000 calls writes 1,000 narrow rows instead of 10,000, and "all seconds of one call" reads a
-- few hundred rows instead of thousands. Existing seconds move into one chunk per call.
CREATE TABLE "call_sample_chunks" (
	"group_id" uuid NOT NULL,
	"contact_id" text NOT NULL,
	"start_ts" timestamp with time zone NOT NULL,
	"end_ts" timestamp with time zone NOT NULL,
	"seconds" integer NOT NULL,
	"offsets_ms" integer[] NOT NULL,
	"in_mos" real[] NOT NULL,
	"in_packets" integer[] NOT NULL,
	"in_lost" integer[] NOT NULL,
	"in_audio_level" real[] NOT NULL,
	"out_mos" real[] NOT NULL,
	"out_packets" integer[] NOT NULL,
	"out_lost" integer[] NOT NULL,
	"out_audio_level" real[] NOT NULL,
	"rtt_ms" real[] NOT NULL,
	"jitter_ms" real[] NOT NULL,
	"cpu_available_percent" real[] NOT NULL,
	"memory_used_percent" real[] NOT NULL,
	"agent_status" smallint[] NOT NULL,
	"mos_computed" smallint[] NOT NULL,
	CONSTRAINT "call_sample_chunks_group_id_contact_id_start_ts_pk" PRIMARY KEY("group_id","contact_id","start_ts")
);
--> statement-breakpoint
INSERT INTO "call_sample_chunks"
SELECT s.group_id, s.contact_id, min(s.ts), max(s.ts), count(*)::int,
	array_agg(round((extract(epoch from s.ts) - extract(epoch from s.first_ts)) * 1000)::int ORDER BY s.ts),
	array_agg(s.in_mos ORDER BY s.ts), array_agg(s.in_packets ORDER BY s.ts),
	array_agg(s.in_lost ORDER BY s.ts), array_agg(s.in_audio_level ORDER BY s.ts),
	array_agg(s.out_mos ORDER BY s.ts), array_agg(s.out_packets ORDER BY s.ts),
	array_agg(s.out_lost ORDER BY s.ts), array_agg(s.out_audio_level ORDER BY s.ts),
	array_agg(s.rtt_ms ORDER BY s.ts), array_agg(s.jitter_ms ORDER BY s.ts),
	array_agg(s.cpu_available_percent ORDER BY s.ts), array_agg(s.memory_used_percent ORDER BY s.ts),
	array_agg(s.agent_status ORDER BY s.ts), array_agg(s.mos_computed ORDER BY s.ts)
FROM (SELECT *, min(ts) OVER (PARTITION BY group_id, contact_id) AS first_ts FROM "call_samples") s
GROUP BY s.group_id, s.contact_id;
--> statement-breakpoint
DROP TABLE "call_samples";
