-- Performance (issue 4). Explorer pages over a long window walk an index in the page's order and
-- check the other conditions inside the index instead of on the table rows:
-- * a metric's index carries start_time, so the time window is checked in the index; a
--   descending sort reads it backwards for the calls with a value, then its NULL range (see
--   services/explorer/call-stats.ts), so one index per metric serves both directions;
-- * the agent and ISP indexes carry the five metrics, so "ISP = x, jitter >= 30" skips the
--   non-matching calls in the index. Updates of a summary change its metrics anyway (no HOT
--   update), so wider indexes cost bytes, not extra index writes per ingested batch.
CREATE INDEX IF NOT EXISTS "call_summaries_group_mos_start_idx" ON "call_summaries" USING btree ("group_id","mos_avg","start_time");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "call_summaries_group_jitter_start_idx" ON "call_summaries" USING btree ("group_id","jitter_avg_ms","start_time");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "call_summaries_group_rtt_start_idx" ON "call_summaries" USING btree ("group_id","rtt_avg_ms","start_time");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "call_summaries_group_loss_start_idx" ON "call_summaries" USING btree ("group_id","packets_lost_fraction","start_time");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "call_summaries_group_duration_start_idx" ON "call_summaries" USING btree ("group_id","duration_seconds","start_time");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "call_summaries_group_agent_start_metrics_idx" ON "call_summaries" USING btree ("group_id","agent","start_time","mos_avg","jitter_avg_ms","rtt_avg_ms","packets_lost_fraction","duration_seconds");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "call_summaries_group_isp_start_metrics_idx" ON "call_summaries" USING btree ("group_id","agent_isp","start_time","mos_avg","jitter_avg_ms","rtt_avg_ms","packets_lost_fraction","duration_seconds");--> statement-breakpoint
DROP INDEX IF EXISTS "call_summaries_group_mos_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "call_summaries_group_jitter_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "call_summaries_group_rtt_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "call_summaries_group_loss_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "call_summaries_group_duration_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "call_summaries_group_agent_start_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "call_summaries_group_isp_start_idx";
