-- Teams' row-level conditions (issue 20) test what the calls carry: the agent's hierarchy groups
-- (levels 1-5, as Amazon Connect's agent hierarchy) and the contact's CTR attributes, both from
-- the collector's call summary (docs/decisions.md C2).
ALTER TABLE "call_summaries" ADD COLUMN IF NOT EXISTS "agent_group_1" text;--> statement-breakpoint
ALTER TABLE "call_summaries" ADD COLUMN IF NOT EXISTS "agent_group_2" text;--> statement-breakpoint
ALTER TABLE "call_summaries" ADD COLUMN IF NOT EXISTS "agent_group_3" text;--> statement-breakpoint
ALTER TABLE "call_summaries" ADD COLUMN IF NOT EXISTS "agent_group_4" text;--> statement-breakpoint
ALTER TABLE "call_summaries" ADD COLUMN IF NOT EXISTS "agent_group_5" text;--> statement-breakpoint
ALTER TABLE "call_summaries" ADD COLUMN IF NOT EXISTS "ctr_attributes" jsonb;
