-- Journeys (issue 5): OpenTelemetry traces, spans, insights, AI summaries.
SELECT 1;
