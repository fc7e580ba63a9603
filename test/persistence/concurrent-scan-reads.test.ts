import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Tenant } from '../../src/services/ports.ts';
import { apiClient, newUserBody } from '../support/api-client.ts';
import { databaseVariants, startTestService, type TestService } from '../support/test-service.ts';

// Concurrent single-scan reads share one query per event-loop turn (src/persistence/coalesced-lookup.ts);
// each read must still answer exactly what a lone read would.
for (const variant of databaseVariants()) {
  describe(`concurrent scan reads (${variant.name})`, () => {
    let service: TestService;
    const tenantA: Tenant = { partnerId: 'partner-a', environment: 'sandbox' };
    const tenantB: Tenant = { partnerId: 'partner-b', environment: 'sandbox' };
    const scansOfA: string[] = [];
    let scanOfB = '';

    before(async () => {
      service = await startTestService({ variant, worker: false });
      const partnerA = apiClient(service.app!, await service.key('partner-a'));
      const partnerB = apiClient(service.app!, await service.key('partner-b'));
      await partnerA.post('/users', newUserBody('runner'));
      await partnerB.post('/users', newUserBody('runner'));
      for (let i = 0; i < 5; i++) scansOfA.push((await partnerA.post('/scans', { userToken: 'runner', deviceConfigName: 'IPHONE_SCANNER' })).body.id);
      scanOfB = (await partnerB.post('/scans', { userToken: 'runner', deviceConfigName: 'ANDROID_SCANNER' })).body.id;
    });
    after(() => service.stop());

    it('gives each of many simultaneous reads its own scan, in any order, repeats included', async () => {
      const asked = [...scansOfA].reverse().concat(scansOfA[2], scansOfA[2]);
      const found = await Promise.all(asked.map((id) => service.db.scans.findScan(tenantA, id)));
      assert.deepEqual(found.map((scan) => scan?.id), asked);
      assert.ok(found.every((scan) => scan?.userToken === 'runner' && scan.status === 'CREATED' && scan.scanAssets.scanId === scan.id));
    });

    it('answers null for another tenant\'s scan and for an unknown id even inside a batch of hits', async () => {
      const [own, others, unknown, otherEnvironment, theirs] = await Promise.all([
        service.db.scans.findScan(tenantA, scansOfA[0]),
        service.db.scans.findScan(tenantA, scanOfB),
        service.db.scans.findScan(tenantA, 'no-such-scan'),
        service.db.scans.findScan({ partnerId: 'partner-a', environment: 'production' }, scansOfA[0]),
        service.db.scans.findScan(tenantB, scanOfB),
      ]);
      assert.equal(own?.id, scansOfA[0]);
      assert.equal(others, null);
      assert.equal(unknown, null);
      assert.equal(otherEnvironment, null);
      assert.equal(theirs?.deviceConfigName, 'ANDROID_SCANNER');
    });

    it('reads the same scan as a lone read does, field for field', async () => {
      const lone = await service.db.scans.findScan(tenantA, scansOfA[1]);
      const [batched] = await Promise.all([service.db.scans.findScan(tenantA, scansOfA[1]), service.db.scans.findScan(tenantA, scansOfA[3])]);
      const inTransaction = await service.db.transaction((tx) => tx.scans.findScan(tenantA, scansOfA[1]));
      assert.deepEqual(batched, lone);
      assert.deepEqual(inTransaction, lone);
    });

    it('sees a write committed just before the read', async () => {
      await service.db.scans.markScanFailed(scansOfA[4], { code: 'capture_unreadable', message: 'test' }, new Date());
      const [scan] = await Promise.all([service.db.scans.findScan(tenantA, scansOfA[4]), service.db.scans.findScan(tenantA, scansOfA[0])]);
      assert.equal(scan?.status, 'FAILED');
      assert.deepEqual(scan?.failure, { code: 'capture_unreadable', message: 'test' });
    });
  });
}
