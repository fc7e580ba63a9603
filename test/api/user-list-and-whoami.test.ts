import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, newUserBody, type ApiClient } from '../support/api-client.ts';
import { databaseVariants, startTestService, type TestService } from '../support/test-service.ts';

for (const variant of databaseVariants()) {
  describe(`GET /users and GET /whoami (${variant.name})`, () => {
    let service: TestService;
    let api: ApiClient;
    let otherPartner: ApiClient;
    before(async () => {
      service = await startTestService({ variant, worker: false });
      api = apiClient(service.app!, await service.key('partner-list'));
      otherPartner = apiClient(service.app!, await service.key('partner-elsewhere'));
      for (const token of ['list-a', 'list-b', 'list-c', 'List-D', 'odd_%_token']) assert.equal((await api.post('/users', newUserBody(token))).status, 201);
      await otherPartner.post('/users', newUserBody('list-other'));
    });
    after(() => service.stop());

    it('pages the partner\'s users with a signed cursor: newest first, null cursor on the last page', async () => {
      const first = await api.get('/users?limit=2');
      assert.equal(first.status, 200);
      assert.deepEqual(first.body.results.map((user: { token: string }) => user.token), ['odd_%_token', 'List-D']);
      const second = await api.get(`/users?limit=2&cursor=${first.body.pageInfo.cursor}`);
      assert.deepEqual(second.body.results.map((user: { token: string }) => user.token), ['list-c', 'list-b']);
      const last = await api.get(`/users?limit=2&cursor=${second.body.pageInfo.cursor}`);
      assert.deepEqual(last.body.results.map((user: { token: string }) => user.token), ['list-a']);
      assert.equal(last.body.pageInfo.cursor, null);
      const ascending = await api.get('/users?limit=50&order=asc');
      assert.deepEqual(ascending.body.results.map((user: { token: string }) => user.token), ['list-a', 'list-b', 'list-c', 'List-D', 'odd_%_token']);
    });

    it('searches tokens by a part of them, ignoring case, with % and _ matched literally', async () => {
      const found = await api.get('/users?limit=10&tokenContains=LIST-');
      assert.deepEqual(found.body.results.map((user: { token: string }) => user.token).sort(), ['List-D', 'list-a', 'list-b', 'list-c']);
      const literal = await api.get(`/users?limit=10&tokenContains=${encodeURIComponent('_%_')}`);
      assert.deepEqual(literal.body.results.map((user: { token: string }) => user.token), ['odd_%_token']);
    });

    it('refuses a cursor of another search or of GET /scans', async () => {
      const page = await api.get('/users?limit=1&tokenContains=list');
      const cursor: string = page.body.pageInfo.cursor;
      assert.equal((await api.get(`/users?limit=1&tokenContains=lis&cursor=${cursor}`)).body.code, 'invalid_cursor');
      assert.equal((await api.get(`/scans?limit=1&cursor=${cursor}`)).body.code, 'invalid_cursor');
      assert.equal((await api.get('/users?limit=51')).status, 400);
    });

    it('lists only the key\'s own partner\'s users', async () => {
      const other = await otherPartner.get('/users?limit=50');
      assert.deepEqual(other.body.results.map((user: { token: string }) => user.token), ['list-other']);
    });

    it('tells a key its partner and environment, and refuses a request without a key', async () => {
      const me = await api.get('/whoami');
      assert.equal(me.status, 200);
      assert.deepEqual(me.body, { partner: 'partner-list', environment: 'sandbox' });
      const anonymous = await apiClient(service.app!, null).get('/whoami');
      assert.equal(anonymous.status, 401);
      assert.equal(anonymous.body.code, 'missing_credential');
    });
  });
}
