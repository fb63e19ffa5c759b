-- Live calls' summaries (decisions.md P8): most ingested batches rewrite only a summary's
-- accumulator (quality_state), no indexed column, so PostgreSQL can update the row in place
-- (HOT) when its page has room. A fill factor of 70 leaves that room on new pages.
ALTER TABLE "call_summaries" SET (fillfactor = 70);
