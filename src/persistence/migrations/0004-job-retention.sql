-- Finished jobs are pruned after a retention period (JOB_RETENTION_DAYS): find them by finish time.
CREATE INDEX jobs_finished ON jobs (finished_at) WHERE state IN ('done', 'failed');
