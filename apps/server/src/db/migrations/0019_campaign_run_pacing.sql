-- The dialler paces down beyond its capacity (issue 31 item 7): a run keeps how many of its
-- calls were held back past their due time and the call rate it reached.
ALTER TABLE "campaign_runs" ADD COLUMN IF NOT EXISTS "held_back_calls" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "campaign_runs" ADD COLUMN IF NOT EXISTS "rate_reached" double precision;
