-- Chart rollups (issue 34, decision C10's cure): per group, per UTC day and hour (kept) and per
-- minute (the last days, pruned), the calls' counts, sums, minimum, maximum and fixed histograms,
-- by cube: no key (0), the agent and its groups (1), the network (ISP, network type, country,
-- direction; 2), the agent groups and the network (3); the histograms of cubes 0 and 2 in rows of
-- their own (cubes 4 and 6). Grain in minutes (1440, 60 or 1); minute rows for cubes 0, 2 and 4.
-- toast_tuple_target 256: a histogram row's arrays (mostly zeros) are kept compressed, in the row.
-- Rows are recomputed from call_summaries per (group, hour) that statement triggers mark in
-- call_rollup_dirty (services/canvas/rollups/pg-rollup-refresh.ts); a chart reads a marked hour raw.
-- No foreign key to groups: a recompute writes thousands of rows, each would be checked (groups
-- are archived, never deleted).
CREATE TABLE IF NOT EXISTS "call_rollups" (
	"group_id" uuid NOT NULL,
	"grain" smallint NOT NULL,
	"cube" smallint NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"agent" text,
	"agent_group_1" text,
	"agent_group_2" text,
	"agent_group_3" text,
	"agent_group_4" text,
	"agent_group_5" text,
	"agent_isp" text,
	"network_type" text,
	"agent_country" text,
	"direction" text,
	"calls" integer NOT NULL,
	"duration_seconds_n" integer NOT NULL,
	"duration_seconds_sum" bigint,
	"duration_seconds_min" integer,
	"duration_seconds_max" integer,
	"mos_avg_n" integer NOT NULL,
	"mos_avg_sum" double precision,
	"mos_avg_min" real,
	"mos_avg_max" real,
	"mos_min_n" integer NOT NULL,
	"mos_min_sum" double precision,
	"mos_min_min" real,
	"mos_min_max" real,
	"mos_inbound_avg_n" integer NOT NULL,
	"mos_inbound_avg_sum" double precision,
	"mos_inbound_avg_min" real,
	"mos_inbound_avg_max" real,
	"mos_outbound_avg_n" integer NOT NULL,
	"mos_outbound_avg_sum" double precision,
	"mos_outbound_avg_min" real,
	"mos_outbound_avg_max" real,
	"jitter_avg_ms_n" integer NOT NULL,
	"jitter_avg_ms_sum" double precision,
	"jitter_avg_ms_min" real,
	"jitter_avg_ms_max" real,
	"rtt_avg_ms_n" integer NOT NULL,
	"rtt_avg_ms_sum" double precision,
	"rtt_avg_ms_min" real,
	"rtt_avg_ms_max" real,
	"packets_lost_percent_n" integer NOT NULL,
	"packets_lost_percent_sum" double precision,
	"packets_lost_percent_min" double precision,
	"packets_lost_percent_max" double precision,
	"error_log_count_n" integer NOT NULL,
	"error_log_count_sum" bigint,
	"error_log_count_min" integer,
	"error_log_count_max" integer,
	"score_n" integer NOT NULL,
	"score_sum" double precision,
	"score_min" real,
	"score_max" real,
	"h_mos_avg" integer[],
	"h_jitter_avg_ms" integer[],
	"h_rtt_avg_ms" integer[],
	"h_packets_lost_percent" integer[],
	"h_duration_seconds" integer[],
	"h_score" integer[]
) WITH (toast_tuple_target = 256);--> statement-breakpoint
-- Keys and histograms stay in the row (MAIN): out of line, every read of a row would fetch them.
ALTER TABLE "call_rollups" ALTER COLUMN "agent" SET STORAGE MAIN, ALTER COLUMN "agent_group_1" SET STORAGE MAIN, ALTER COLUMN "agent_group_2" SET STORAGE MAIN, ALTER COLUMN "agent_group_3" SET STORAGE MAIN, ALTER COLUMN "agent_group_4" SET STORAGE MAIN, ALTER COLUMN "agent_group_5" SET STORAGE MAIN, ALTER COLUMN "agent_isp" SET STORAGE MAIN, ALTER COLUMN "network_type" SET STORAGE MAIN, ALTER COLUMN "agent_country" SET STORAGE MAIN, ALTER COLUMN "direction" SET STORAGE MAIN, ALTER COLUMN "h_mos_avg" SET STORAGE MAIN, ALTER COLUMN "h_jitter_avg_ms" SET STORAGE MAIN, ALTER COLUMN "h_rtt_avg_ms" SET STORAGE MAIN, ALTER COLUMN "h_packets_lost_percent" SET STORAGE MAIN, ALTER COLUMN "h_duration_seconds" SET STORAGE MAIN, ALTER COLUMN "h_score" SET STORAGE MAIN;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "call_rollups_group_grain_cube_bucket_idx" ON "call_rollups" USING btree ("group_id", "grain", "cube", "bucket");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "call_rollup_dirty" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"group_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "call_rollup_dirty_group_hour_idx" ON "call_rollup_dirty" USING btree ("group_id", "hour");--> statement-breakpoint
-- The marks: the UTC hour of each start a statement wrote, deleted or moved. An UPDATE marks only
-- the rows whose rolled-up columns changed: a live call's accumulator-only write marks nothing.
CREATE OR REPLACE FUNCTION call_rollup_mark_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO call_rollup_dirty (group_id, hour)
	SELECT DISTINCT group_id, date_bin('1 hour', start_time, timestamptz '2000-01-03 00:00:00+00') FROM rollup_rows;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION call_rollup_mark_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO call_rollup_dirty (group_id, hour)
	SELECT DISTINCT v.g, date_bin('1 hour', v.t, timestamptz '2000-01-03 00:00:00+00')
	FROM rollup_old o
	FULL JOIN rollup_new n ON n.group_id = o.group_id AND n.contact_id = o.contact_id
	CROSS JOIN LATERAL (VALUES (o.group_id, o.start_time), (n.group_id, n.start_time)) AS v(g, t)
	WHERE v.t IS NOT NULL AND (
		o.start_time, o.synthetic, o.agent, o.agent_group_1, o.agent_group_2, o.agent_group_3,
		o.agent_group_4, o.agent_group_5, o.agent_isp, o.network_type, o.agent_country, o.direction,
		o.duration_seconds, o.mos_avg, o.mos_min, o.mos_inbound_avg, o.mos_outbound_avg,
		o.jitter_avg_ms, o.rtt_avg_ms, o.packets_lost_fraction, o.error_log_count, o.score
	) IS DISTINCT FROM (
		n.start_time, n.synthetic, n.agent, n.agent_group_1, n.agent_group_2, n.agent_group_3,
		n.agent_group_4, n.agent_group_5, n.agent_isp, n.network_type, n.agent_country, n.direction,
		n.duration_seconds, n.mos_avg, n.mos_min, n.mos_inbound_avg, n.mos_outbound_avg,
		n.jitter_avg_ms, n.rtt_avg_ms, n.packets_lost_fraction, n.error_log_count, n.score
	);
	RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "call_summaries_rollup_ins" ON "call_summaries";--> statement-breakpoint
CREATE TRIGGER "call_summaries_rollup_ins" AFTER INSERT ON "call_summaries" REFERENCING NEW TABLE AS rollup_rows FOR EACH STATEMENT EXECUTE FUNCTION call_rollup_mark_new();--> statement-breakpoint
DROP TRIGGER IF EXISTS "call_summaries_rollup_del" ON "call_summaries";--> statement-breakpoint
CREATE TRIGGER "call_summaries_rollup_del" AFTER DELETE ON "call_summaries" REFERENCING OLD TABLE AS rollup_rows FOR EACH STATEMENT EXECUTE FUNCTION call_rollup_mark_new();--> statement-breakpoint
DROP TRIGGER IF EXISTS "call_summaries_rollup_upd" ON "call_summaries";--> statement-breakpoint
CREATE TRIGGER "call_summaries_rollup_upd" AFTER UPDATE ON "call_summaries" REFERENCING OLD TABLE AS rollup_old NEW TABLE AS rollup_new FOR EACH STATEMENT EXECUTE FUNCTION call_rollup_mark_changed();--> statement-breakpoint
-- A histogram from the bins (width_bucket's, 0 to k - 1) of a group's values: k counts.
CREATE OR REPLACE FUNCTION callsight_rollup_histogram(bins integer[], k integer) RETURNS integer[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
	h integer[] := array_fill(0, ARRAY[k]);
	b integer;
BEGIN
	IF bins IS NOT NULL THEN
		FOREACH b IN ARRAY bins LOOP
			IF b IS NOT NULL THEN h[b + 1] := h[b + 1] + 1; END IF;
		END LOOP;
	END IF;
	RETURN h;
END $$;--> statement-breakpoint
-- The k-th smallest value (0-based) of n in a histogram: its bin's values spread evenly over the
-- bin clamped to [lo, hi]; the first is lo and the last hi (rollup-model.ts orderStatistic).
CREATE OR REPLACE FUNCTION callsight_rollup_order_statistic(counts bigint[], edges double precision[], k bigint, n bigint, lo double precision, hi double precision)
RETURNS double precision LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
	cum bigint := 0;
	c bigint;
	a double precision;
	b double precision;
	e integer := coalesce(array_length(edges, 1), 0);
BEGIN
	IF k <= 0 THEN RETURN lo; END IF;
	IF k >= n - 1 THEN RETURN hi; END IF;
	FOR j IN 1 .. coalesce(array_length(counts, 1), 0) LOOP
		c := coalesce(counts[j], 0);
		IF k < cum + c THEN
			a := CASE WHEN j = 1 THEN lo ELSE greatest(edges[j - 1], lo) END;
			b := CASE WHEN j > e THEN hi ELSE least(edges[j], hi) END;
			RETURN a + ((k - cum + 0.5) * (b - a)) / c;
		END IF;
		cum := cum + c;
	END LOOP;
	RETURN hi;
END $$;--> statement-breakpoint
-- percentile_cont(q) read from a histogram (NULL without values): rollup-model.ts rollupPercentile.
CREATE OR REPLACE FUNCTION callsight_rollup_percentile(counts bigint[], edges double precision[], q double precision, lo double precision, hi double precision)
RETURNS double precision LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
	n bigint;
	r double precision;
	k0 bigint;
	k1 bigint;
	v0 double precision;
	v1 double precision;
BEGIN
	SELECT coalesce(sum(x), 0) INTO n FROM unnest(counts) AS x;
	IF n = 0 OR lo IS NULL OR hi IS NULL THEN RETURN NULL; END IF;
	r := q * (n - 1);
	k0 := floor(r);
	k1 := ceil(r);
	v0 := callsight_rollup_order_statistic(counts, edges, k0, n, lo, hi);
	v1 := CASE WHEN k1 = k0 THEN v0 ELSE callsight_rollup_order_statistic(counts, edges, k1, n, lo, hi) END;
	RETURN v0 + (r - k0) * (v1 - v0);
END $$;--> statement-breakpoint
-- Lowest-scoring calls (a table of calls ordered by score, decision C10): read in the index's
-- order, its first rows in the window are the answer, not a sort of every call in the window.
CREATE INDEX IF NOT EXISTS "call_summaries_group_score_idx" ON "call_summaries" USING btree ("group_id", (("score")::double precision), "contact_id", "agent") WHERE NOT "synthetic";--> statement-breakpoint
-- The calls stored before this migration are rolled up by the first refreshes.
INSERT INTO "call_rollup_dirty" ("group_id", "hour")
	SELECT DISTINCT "group_id", date_bin('1 hour', "start_time", timestamptz '2000-01-03 00:00:00+00') FROM "call_summaries";
