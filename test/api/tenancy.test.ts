import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, newUserBody, pathOf, type ApiClient } from '../support/api-client.ts';
import { databaseVariants, startTestService, type TestService } from '../support/test-service.ts';

/**
 * Partner B, with a valid key of the same environment, must get 404 on everything of partner A's,
 * on every endpoint that names a resource, and must not see A's data in lists.
 */
for (const variant of databaseVariants()) {
  describe(`tenant isolation (${variant.name})`, () => {
    let service: TestService;
    let partnerA: ApiClient;
    let partnerB: ApiClient;
    let scanId = "";
    let predictionId = "";

    before(async () => {
      service = await startTestService({ variant, worker: false });
      partnerA = apiClient(service.app!, await service.key('partner-a'));
      partnerB = apiClient(service.app!, await service.key('partner-b'));
      await partnerA.post('/users', newUserBody('shared-token'));
      scanId = (await partnerA.post('/scans', { userToken: 'shared-token', deviceConfigName: 'IPHONE_SCANNER' })).body.id;
      const tenantA = { partnerId: 'partner-a', environment: 'sandbox' as const };
      predictionId = (await service.db.predictions.insertPrediction(tenantA, {
        id: `pred-${scanId}`, scanId, predictionType: 'weight_loss', targetWeight: 75, targetBodyfat: null,
      }, new Date())).id;
    });
    after(() => service.stop());

    const matrix: Array<[string, string, () => string, (() => unknown)?]> = [
      ['GET', 'user', () => '/users/shared-token'],
      ['PATCH', 'user', () => '/users/shared-token', () => ({ email: 'b@example.com' })],
      ['DELETE', 'user', () => '/users/shared-token'],
      ['GET', 'user', () => '/users/shared-token/terms'],
      ['POST', 'user', () => '/users/shared-token/terms', () => ({})],
      ['POST', 'user', () => '/scans', () => ({ userToken: 'shared-token', deviceConfigName: 'IPHONE_SCANNER' })],
      ['GET', 'scan', () => `/scans/${scanId}`],
      ['DELETE', 'scan', () => `/scans/${scanId}`],
      ['POST', 'scan', () => `/scans/${scanId}/upload-url`],
      ['GET', 'scan', () => `/scans/${scanId}/scan-assets`],
      ['GET', 'scan', () => `/scans/${scanId}/measurements`],
      ['GET', 'scan', () => `/scans/${scanId}/bodyfat`],
      ['PATCH', 'scan', () => `/scans/${scanId}/bodyfat`, () => ({ bodyfatMethod: 'army' })],
      ['GET', 'scan', () => `/scans/${scanId}/health-report`],
      ['GET', 'scan', () => `/scans/${scanId}/asset-urls`],
      ['GET', 'scan', () => `/scans/${scanId}/asset-urls/model`],
      ['GET', 'scan', () => `/scans/${scanId}/body-shape-predictions`],
      ['POST', 'scan', () => '/body-shape-prediction', () => ({ scanId, predictionType: 'weight_loss', targetWeight: 70 })],
      ['GET', 'prediction', () => `/body-shape-prediction/${predictionId}`],
      ['DELETE', 'prediction', () => `/body-shape-prediction/${predictionId}`],
      ['GET', 'prediction', () => `/body-shape-prediction/${predictionId}/asset-urls`],
    ];

    for (const [method, kind, path, body] of matrix) {
      it(`answers 404 to partner B on ${method} of partner A's ${kind} (${path().replace(/[0-9a-f-]{36}/g, '{id}')})`, async () => {
        const response = await partnerB.request(method, path(), body?.());
        assert.equal(response.status, 404, JSON.stringify(response.body));
        assert.equal(response.body.code, `${kind}_not_found`);
      });
    }

    it('shows partner B none of partner A\'s scans in lists, and A still has everything', async () => {
      assert.deepEqual((await partnerB.get('/scans?limit=50')).body.results, []);
      assert.deepEqual((await partnerB.get('/scans?limit=50&userToken=shared-token')).body.results, []);
      assert.equal((await partnerA.get(`/scans/${scanId}`)).status, 200);
      assert.equal((await partnerA.get('/users/shared-token')).body.email, null);
      assert.equal((await partnerA.get(`/body-shape-prediction/${predictionId}`)).status, 200);
    });

    it('lets partner B use the same user token for its own, separate user', async () => {
      const own = await partnerB.post('/users', newUserBody('shared-token', { region: 'asia' }));
      assert.equal(own.status, 201);
      assert.equal((await partnerA.get('/users/shared-token')).body.region, 'europe');
    });

    it('does not let an upload address of partner A be used for another scan', async () => {
      const url = (await partnerA.post(`/scans/${scanId}/upload-url`)).body.url as string;
      const otherScan = (await partnerB.post('/scans', { userToken: 'shared-token', deviceConfigName: 'IPHONE_SCANNER' })).body.id as string;
      const response = await service.app!.inject({ method: 'PUT', url: pathOf(url).replace(scanId, otherScan), payload: 'x' });
      assert.equal(response.statusCode, 403);
    });
  });
}
