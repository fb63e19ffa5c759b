-- Our own test calls are told apart (issue 33): the agent leg of a GSM monitor's or heartbeat
-- test's call, stored by the synthetic results path, is marked on its summary. Calls stored before
-- are marked through their job's contact id (synthetic_jobs.call_contact_id is the call's contact).
ALTER TABLE "call_summaries" ADD COLUMN IF NOT EXISTS "synthetic" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "call_summaries" AS c SET "synthetic" = true
FROM "synthetic_jobs" AS j
WHERE j."group_id" = c."group_id" AND j."call_contact_id" = c."contact_id" AND NOT c."synthetic";
