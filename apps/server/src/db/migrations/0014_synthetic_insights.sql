-- Insights and the status map (issue 19) over a group's jobs of one kind in a time window: the
-- list's index carries the columns the criteria filter on and the figures aggregated (status,
-- regions, agent type, target number, scores), so that counts, period stats and region figures
-- are index-only scans and a filtered first page skips non-matching jobs inside the index.
CREATE INDEX IF NOT EXISTS "synthetic_jobs_list_figures_idx" ON "synthetic_jobs" USING btree ("group_id","kind","created_on","status","connect_region","agent_region","agent_type","to_number","cx_score","ax_score","network_score");--> statement-breakpoint
DROP INDEX IF EXISTS "synthetic_jobs_list_idx";
