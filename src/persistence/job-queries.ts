import { JOB_KINDS, type ClaimedJob, type JobKind, type JobRepository, type NewJob } from '../services/ports.ts';
import type { SqlClient } from './sql-client.ts';

/** The NOTIFY channel an enqueue signals on (src/composition subscribes workers to it). */
export const JOBS_CHANNEL = 'bodyscan_jobs';

/**
 * The job table as a queue. A job is claimed with FOR UPDATE SKIP LOCKED and a lease
 * (locked_until); a worker that dies mid-job stops renewing it, and once it expires any worker
 * may claim the job again; every claim counts an attempt, a retaken one too. An attempt ends
 * (done, retry, failed) only for the worker that holds it. Enqueueing shares the caller's
 * transaction.
 */
export function jobQueries(sql: SqlClient): JobRepository {
  return {
    async enqueueJob(job: NewJob) {
      await sql.query('INSERT INTO jobs (kind, payload, max_attempts) VALUES ($1, $2, $3)', [job.kind, JSON.stringify(job.payload), job.maxAttempts]);
      // Delivered when the enqueuing transaction commits (never for a rollback): idle workers of
      // every process listening on PostgreSQL wake at once instead of at their next poll.
      await sql.query(`SELECT pg_notify('${JOBS_CHANNEL}', $1)`, [job.kind]);
    },

    async claimJob(workerId: string, leaseMs: number, now: Date, kinds: readonly JobKind[] = JOB_KINDS): Promise<ClaimedJob | null> {
      const rows = await sql.query<{ id: number; kind: string; payload: { id: string }; attempts: number; max_attempts: number }>(
        `UPDATE jobs SET state = 'running', attempts = attempts + 1, locked_by = $1, locked_until = $2,
           started_at = COALESCE(started_at, $3)
         WHERE id = (
           SELECT id FROM jobs
           WHERE ((state = 'queued' AND run_after <= $3) OR (state = 'running' AND locked_until < $3)) AND kind = ANY($4::text[])
           ORDER BY run_after, id LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING id::float8 AS id, kind, payload, attempts, max_attempts`,
        [workerId, new Date(now.getTime() + leaseMs), now, kinds],
      );
      const row = rows[0];
      return row ? { id: row.id, kind: row.kind as JobKind, payload: row.payload, attempts: row.attempts, maxAttempts: row.max_attempts } : null;
    },

    async completeJob(jobId: number, workerId: string, now: Date) {
      const rows = await sql.query(
        `UPDATE jobs SET state = 'done', finished_at = $3, locked_until = NULL WHERE id = $1 AND locked_by = $2 AND state = 'running' RETURNING id`,
        [jobId, workerId, now]);
      return rows.length === 1;
    },

    async retryJob(jobId: number, workerId: string, error: string, runAfter: Date) {
      const rows = await sql.query(
        `UPDATE jobs SET state = 'queued', last_error = $3, run_after = $4, locked_until = NULL, locked_by = NULL
         WHERE id = $1 AND locked_by = $2 AND state = 'running' RETURNING id`,
        [jobId, workerId, error, runAfter]);
      return rows.length === 1;
    },

    async failJob(jobId: number, workerId: string, error: string, now: Date) {
      const rows = await sql.query(
        `UPDATE jobs SET state = 'failed', last_error = $3, finished_at = $4, locked_until = NULL
         WHERE id = $1 AND locked_by = $2 AND state = 'running' RETURNING id`,
        [jobId, workerId, error, now]);
      return rows.length === 1;
    },

    async pruneFinishedJobs(finishedBefore: Date, limit: number) {
      const rows = await sql.query(
        `DELETE FROM jobs WHERE id IN (
           SELECT id FROM jobs WHERE state IN ('done', 'failed') AND finished_at < $1 ORDER BY id LIMIT $2)
         RETURNING id`,
        [finishedBefore, limit]);
      return rows.length;
    },

    async extendJobLease(jobId: number, workerId: string, until: Date) {
      await sql.query(`UPDATE jobs SET locked_until = $3 WHERE id = $1 AND locked_by = $2 AND state = 'running'`, [jobId, workerId, until]);
    },

    async countJobs(state) {
      const rows = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs WHERE state = $1', [state]);
      return rows[0].n;
    },
  };
}
