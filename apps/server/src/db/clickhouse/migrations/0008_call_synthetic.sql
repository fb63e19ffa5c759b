-- Our own test calls are told apart (issue 33): 1 on the summary of a GSM monitor's or heartbeat
-- test's agent leg, written by the synthetic results path (never from a collector's payload), as
-- PostgreSQL's call_summaries.synthetic. Every version of a call carries it; reads use FINAL.
-- Usage reads call_usage and leaves out the contacts marked here (not billed).
ALTER TABLE call_summaries{local} {on_cluster} ADD COLUMN IF NOT EXISTS synthetic UInt8 DEFAULT 0;

-- cluster only
ALTER TABLE call_summaries {on_cluster} ADD COLUMN IF NOT EXISTS synthetic UInt8 DEFAULT 0;
