-- Workflows (issue 6): watchers, actions, action history.
SELECT 1;
