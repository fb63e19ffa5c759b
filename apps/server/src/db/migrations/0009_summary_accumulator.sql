-- Live calls' summaries (decisions.md P8, P9). Most ingested batches rewrite only a summary's
-- accumulator (quality_state), no indexed column, so PostgreSQL can update the row in place
-- (HOT) when its page has room: a fill factor of 70 leaves that room. The accumulator is JSON
-- text rather than jsonb: it is written on every batch and read only by the server, and
-- PostgreSQL spent ~18 ms per 1,000 rows turning the jsonb parameters into its binary form.
-- The type change rewrites the table, so existing pages get the fill factor too.
ALTER TABLE "call_summaries" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "call_summaries" ALTER COLUMN "quality_state" TYPE text USING "quality_state"::text;
