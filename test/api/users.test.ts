import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, newUserBody, type ApiClient } from '../support/api-client.ts';
import { databaseVariants, startTestService, type TestService } from '../support/test-service.ts';

for (const variant of databaseVariants()) {
  describe(`users (${variant.name})`, () => {
    let service: TestService;
    let api: ApiClient;
    before(async () => {
      service = await startTestService({ variant, worker: false });
      api = apiClient(service.app!, await service.key('partner-a'));
    });
    after(() => service.stop());

    it('registers a user and answers 201 with the User and no termsOfService', async () => {
      const response = await api.post('/users', newUserBody('u-register'));
      assert.equal(response.status, 201);
      assert.equal(response.headers['content-type'], 'application/json;v=1');
      assert.equal(response.body.token, 'u-register');
      assert.equal(typeof response.body.id, 'string');
      assert.deepEqual(response.body.weight, { value: 82, unit: 'kg' });
      assert.equal(response.body.termsOfService, undefined);
    });

    it('upserts by token: a known token updates that user and still answers 201', async () => {
      const first = await api.post('/users', newUserBody('u-upsert'));
      const second = await api.post('/users', newUserBody('u-upsert', { region: 'asia', weight: { value: 180, unit: 'lb' } }));
      assert.equal(second.status, 201);
      assert.equal(second.body.id, first.body.id);
      assert.equal(second.body.region, 'asia');
      assert.deepEqual(second.body.weight, { value: 180, unit: 'lb' });
    });

    it('reads a user in its registered units, or converted with unit-system', async () => {
      await api.post('/users', newUserBody('u-units', { weight: { value: 176.37, unit: 'lb' }, height: { value: 70, unit: 'in' } }));
      assert.deepEqual((await api.get('/users/u-units')).body.weight, { value: 176.37, unit: 'lb' });
      const metric = (await api.get('/users/u-units?unit-system=metric')).body;
      assert.equal(metric.weight.unit, 'kg');
      assert.ok(Math.abs(metric.weight.value - 176.37 * 0.45359237) < 1e-9);
      assert.ok(Math.abs(metric.height.value - 1.778) < 1e-9);
    });

    it('lists every violated rule with its field path', async () => {
      const response = await api.post('/users', { token: 'u-bad', sex: 'other', weight: { value: 0, unit: 'st' }, extra: 1 });
      assert.equal(response.status, 400);
      assert.equal(response.body.code, 'invalid_input');
      const paths = response.body.details.map((detail: { path: string }) => detail.path);
      for (const expected of ['/body/extra', '/body/sex', '/body/weight/value', '/body/weight/unit', '/body/region', '/body/birthDate', '/body/height', '/body/researchConsent', '/body/termsOfService']) {
        assert.ok(paths.includes(expected), `missing ${expected} in ${paths.join(', ')}`);
      }
      assert.match(response.body.details.find((d: { path: string }) => d.path === '/body/extra').message, /not a known field/);
    });

    it('rejects a birthDate that is not a real calendar date or lies in the future', async () => {
      const impossible = await api.post('/users', newUserBody('u-date', { birthDate: '1990-02-30' }));
      assert.equal(impossible.status, 400);
      assert.equal(impossible.body.details[0].path, '/body/birthDate');
      const future = await api.post('/users', newUserBody('u-date', { birthDate: '2999-01-01' }));
      assert.equal(future.status, 400);
    });

    it('does not coerce body types: "82" is not a number', async () => {
      const response = await api.post('/users', newUserBody('u-coerce', { weight: { value: '82', unit: 'kg' } }));
      assert.equal(response.status, 400);
      assert.equal(response.body.details[0].path, '/body/weight/value');
    });

    it('patches only the given fields and refuses a token already taken', async () => {
      await api.post('/users', newUserBody('u-patch'));
      await api.post('/users', newUserBody('u-taken'));
      const patched = await api.patch('/users/u-patch', { email: 'x@example.com', height: { value: 1.75, unit: 'm' } });
      assert.equal(patched.status, 200);
      assert.equal(patched.body.email, 'x@example.com');
      assert.equal(patched.body.region, 'europe');
      const clash = await api.patch('/users/u-patch', { token: 'u-taken' });
      assert.equal(clash.status, 409);
      assert.equal(clash.body.code, 'user_token_taken');
      const renamed = await api.patch('/users/u-patch', { token: 'u-renamed' });
      assert.equal(renamed.body.token, 'u-renamed');
      assert.equal((await api.get('/users/u-patch')).status, 404);
    });

    it('records terms acceptances: on registration and by POST, default version from config', async () => {
      await api.post('/users', newUserBody('u-terms', { termsOfService: { accepted: true, version: '0.9' } }));
      const accepted = await api.post('/users/u-terms/terms');
      assert.equal(accepted.status, 201);
      assert.equal(accepted.body.version, '1.0');
      assert.equal(accepted.body.userToken, 'u-terms');
      assert.match(accepted.body.acceptanceDate, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      const list = await api.get('/users/u-terms/terms');
      assert.deepEqual(list.body.map((t: { version: string }) => t.version), ['0.9', '1.0']);
    });

    it('returns 404 for an unknown token and after the user is deleted', async () => {
      assert.equal((await api.get('/users/nobody')).body.code, 'user_not_found');
      await api.post('/users', newUserBody('u-delete'));
      const deleted = await api.delete('/users/u-delete');
      assert.equal(deleted.status, 200);
      assert.equal(deleted.body.token, 'u-delete');
      assert.equal((await api.get('/users/u-delete')).status, 404);
      assert.equal((await api.get('/users/u-delete/terms')).status, 404);
    });
  });
}
