import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, newUserBody, type ApiClient } from '../support/api-client.ts';
import { databaseVariants, startTestService, type TestService } from '../support/test-service.ts';

for (const variant of databaseVariants()) {
  describe(`scans (${variant.name})`, () => {
    let service: TestService;
    let api: ApiClient;
    before(async () => {
      service = await startTestService({ variant, worker: false });
      api = apiClient(service.app!, await service.key('partner-a'));
      await api.post('/users', newUserBody('scan-user'));
      await api.post('/users', newUserBody('other-user', { weight: { value: 150, unit: 'lb' } }));
    });
    after(() => service.stop());

    it('registers a scan with the defaults and the user\'s weight and height', async () => {
      const response = await api.post('/scans', { userToken: 'scan-user', deviceConfigName: 'IPHONE_SCANNER' });
      assert.equal(response.status, 201);
      const scan = response.body;
      assert.equal(scan.status, 'CREATED');
      assert.equal(scan.assetConfigId, '25f6d3a6-a634-40c3-8452-0342bee242d0');
      assert.equal(scan.bodyfatMethod, 'coco2');
      assert.deepEqual(scan.weight, { value: 82, unit: 'kg' });
      assert.equal(scan.userToken, 'scan-user');
      assert.equal(scan.measurements, null);
      assert.equal(scan.bodyfat, null);
      assert.equal(scan.scanAssets.scanId, scan.id);
      assert.equal(scan.scanAssets.captureData, null);
      for (const field of ['id', 'status', 'providerScanId', 'deviceConfigName', 'assetConfigId', 'weight', 'height', 'userId', 'userToken', 'createdAt', 'updatedAt', 'measurements', 'bodyfat']) {
        assert.ok(field in scan, `missing ${field}`);
      }
    });

    it('answers 400 listing the known configurations for an unknown assetConfigId', async () => {
      const response = await api.post('/scans', { userToken: 'scan-user', deviceConfigName: 'IPHONE_SCANNER', assetConfigId: '00000000-0000-4000-8000-000000000000' });
      assert.equal(response.status, 400);
      assert.equal(response.body.code, 'unknown_asset_config');
      assert.match(response.body.message, /c979ab6b-e46b-4c1c-89e1-bb02435b5cbf/);
    });

    it('answers 404 when the user token is unknown, 400 for a bad enum', async () => {
      assert.equal((await api.post('/scans', { userToken: 'ghost', deviceConfigName: 'IPHONE_SCANNER' })).body.code, 'user_not_found');
      const bad = await api.post('/scans', { userToken: 'scan-user', deviceConfigName: 'NOKIA', bodyfatMethod: 'magic' });
      assert.deepEqual(bad.body.details.map((d: { path: string }) => d.path).sort(), ['/body/bodyfatMethod', '/body/deviceConfigName']);
    });

    it('pages GET /scans with a signed cursor: full pages, null cursor on the last, newest first', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await api.post('/scans', { userToken: 'other-user', deviceConfigName: 'ANDROID_SCANNER' })).body.id);
      const first = await api.get('/scans?limit=2&userToken=other-user');
      assert.deepEqual(first.body.results.map((s: { id: string }) => s.id), [ids[4], ids[3]]);
      const second = await api.get(`/scans?limit=2&userToken=other-user&cursor=${first.body.pageInfo.cursor}`);
      assert.deepEqual(second.body.results.map((s: { id: string }) => s.id), [ids[2], ids[1]]);
      const last = await api.get(`/scans?limit=2&userToken=other-user&cursor=${second.body.pageInfo.cursor}`);
      assert.deepEqual(last.body.results.map((s: { id: string }) => s.id), [ids[0]]);
      assert.equal(last.body.pageInfo.cursor, null);
      const ascending = await api.get('/scans?limit=50&userToken=other-user&order=asc');
      assert.deepEqual(ascending.body.results.map((s: { id: string }) => s.id), ids);
      assert.equal(ascending.body.pageInfo.cursor, null);
    });

    it('answers 400 for a limit outside 1..50, a missing limit, or an altered cursor', async () => {
      for (const query of ['limit=0', 'limit=51', '', 'limit=abc']) {
        const response = await api.get(`/scans?${query}`);
        assert.equal(response.status, 400, query);
        assert.equal(response.body.details[0].path.startsWith('/querystring'), true);
      }
      const page = await api.get('/scans?limit=1');
      const cursor: string = page.body.pageInfo.cursor;
      const altered = `${cursor.slice(0, 5)}${cursor[5] === 'A' ? 'B' : 'A'}${cursor.slice(6)}`;
      assert.equal((await api.get(`/scans?limit=1&cursor=${altered}`)).body.code, 'invalid_cursor');
      assert.equal((await api.get(`/scans?limit=1&order=asc&cursor=${cursor}`)).body.code, 'invalid_cursor');
    });

    it('converts the scan\'s weight and height with unit-system', async () => {
      const scan = (await api.post('/scans', { userToken: 'other-user', deviceConfigName: 'IPHONE_SCANNER' })).body;
      const metric = await api.get(`/scans/${scan.id}?unit-system=metric`);
      assert.equal(metric.body.weight.unit, 'kg');
      assert.ok(Math.abs(metric.body.weight.value - 150 * 0.45359237) < 1e-9);
    });

    it('gives an upload address while CREATED, and results only once READY (409 before)', async () => {
      const scan = (await api.post('/scans', { userToken: 'scan-user', deviceConfigName: 'IPHONE_SCANNER' })).body;
      const address = await api.post(`/scans/${scan.id}/upload-url`);
      assert.equal(address.status, 201);
      assert.match(address.body.url, /\/storage\/scans\/.+\/capture\?/);
      assert.ok(Date.parse(address.body.expirationTime) > Date.now() + 3500_000);
      for (const path of ['measurements', 'bodyfat', 'health-report', 'asset-urls', 'asset-urls/model']) {
        const response = await api.get(`/scans/${scan.id}/${path}`);
        assert.equal(response.status, 409, path);
        assert.equal(response.body.code, 'scan_not_ready');
      }
      assert.equal((await api.patch(`/scans/${scan.id}/bodyfat`, { bodyfatMethod: 'army' })).status, 409);
      assert.equal((await api.get(`/scans/${scan.id}/scan-assets`)).body.id, scan.scanAssets.id);
    });

    it('returns 404 after the scan is deleted', async () => {
      const scan = (await api.post('/scans', { userToken: 'scan-user', deviceConfigName: 'IPHONE_SCANNER' })).body;
      const deleted = await api.delete(`/scans/${scan.id}`);
      assert.equal(deleted.status, 200);
      assert.equal(deleted.body.id, scan.id);
      assert.equal((await api.get(`/scans/${scan.id}`)).body.code, 'scan_not_found');
      assert.equal((await api.post(`/scans/${scan.id}/upload-url`)).status, 404);
    });

    it('deleting the user deletes its scans', async () => {
      await api.post('/users', newUserBody('doomed'));
      const scan = (await api.post('/scans', { userToken: 'doomed', deviceConfigName: 'IPHONE_SCANNER' })).body;
      await api.delete('/users/doomed');
      assert.equal((await api.get(`/scans/${scan.id}`)).status, 404);
    });
  });
}
