-- The campaign dialler (issue 17): when a run started and ended, which dialler placed it, and the
-- heartbeat of the process dialling it (a run whose heartbeat stops is recovered after a restart).
ALTER TABLE "campaign_runs" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_runs" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_runs" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_runs" ADD COLUMN "dialler" text;--> statement-breakpoint
CREATE INDEX "campaign_runs_live_idx" ON "campaign_runs" ("status") WHERE "status" IN ('Queued', 'In Progress');
