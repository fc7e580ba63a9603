import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openDatabase } from '../../src/composition/open-database.ts';
import type { Database } from '../../src/services/ports.ts';
import { waitFor } from '../support/api-client.ts';
import { freshPostgresDatabase } from '../support/fresh-postgres-database.ts';

// Cross-process wake-up on PostgreSQL: an idle worker hears an enqueue made by another process
// (another connection pool here) when its transaction commits, not at its next poll.
const adminUrl = process.env.TEST_DATABASE_URL;

// Registered only with TEST_DATABASE_URL (CI sets it), like every PostgreSQL suite (test-service.ts databaseVariants).
if (adminUrl) describe('job notifications (PostgreSQL LISTEN/NOTIFY)', () => {
  let drop: () => Promise<void>;
  let workerSide: Database;
  let apiSide: Database;
  before(async () => {
    const fresh = await freshPostgresDatabase(adminUrl!);
    drop = fresh.drop;
    workerSide = await openDatabase({ databaseUrl: fresh.url, dataDir: undefined });
    apiSide = await openDatabase({ databaseUrl: fresh.url, dataDir: undefined });
  });
  after(async () => {
    await workerSide.close();
    await apiSide.close();
    await drop();
  });

  it('wakes a listener in another pool when an enqueue commits, and never for a rolled-back one', async () => {
    let heard = 0;
    const stop = await workerSide.subscribeToJobs!(() => { heard += 1; });
    try {
      await assert.rejects(apiSide.transaction(async (tx) => {
        await tx.jobs.enqueueJob({ kind: 'process-scan', payload: { id: 'rolled-back' }, maxAttempts: 1 });
        throw new Error('the state change failed');
      }));
      await apiSide.transaction(async (tx) => {
        await tx.jobs.enqueueJob({ kind: 'process-scan', payload: { id: 'committed' }, maxAttempts: 1 });
        await new Promise((resolve) => setTimeout(resolve, 200));
        assert.equal(heard, 0, 'nothing is heard before the commit');
      });
      await waitFor(async () => heard, (n) => n >= 1, 5000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(heard, 1, 'one commit, one notification; the rollback sent none');
    } finally {
      await stop();
    }
  });

});

describe('job notifications (PGlite)', () => {
  it('are not offered: the single embedded process wakes its own workers', async () => {
    const embedded = await openDatabase({ databaseUrl: null, dataDir: undefined });
    try {
      assert.equal(embedded.subscribeToJobs, undefined);
    } finally {
      await embedded.close();
    }
  });
});
