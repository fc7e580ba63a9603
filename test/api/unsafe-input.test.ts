import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, newUserBody, type ApiClient } from '../support/api-client.ts';
import { databaseVariants, startTestService, type TestService } from '../support/test-service.ts';

for (const variant of databaseVariants()) {
  describe(`text and numbers that cannot be stored (${variant.name})`, () => {
    let service: TestService;
    let api: ApiClient;
    before(async () => {
      service = await startTestService({ variant, worker: false });
      api = apiClient(service.app!, await service.key('partner-a'));
    });
    after(() => service.stop());

    const assertRefused = (response: { status: number; body: any }, path: string) => {
      assert.equal(response.status, 400, JSON.stringify(response.body));
      assert.equal(response.body.code, 'invalid_input');
      assert.ok(response.body.details.some((d: { path: string }) => d.path === path), JSON.stringify(response.body.details));
    };

    it('answers 400 naming the path parameter for a NUL character in a path, on every kind of resource', async () => {
      for (const url of ['/scans/%00', '/users/a%00b', '/users/a%00b/scans', '/body-shape-prediction/%00', '/scans/%00/measurements', '/scans/x%00/health-report']) {
        const response = await api.get(url);
        assert.equal(response.status, 400, `${url}: ${JSON.stringify(response.body)}`);
        assert.equal(response.body.code, 'invalid_input');
        assert.match(response.body.details[0].path, /^\/params\//);
      }
    });

    it('answers 400 naming the field for NUL in a body string or a query value', async () => {
      assertRefused(await api.post('/users', newUserBody('nul\u0000token')), '/body/token');
      assertRefused(await api.post('/users', newUserBody('ok-token', { email: 'a\u0000@b.c' })), '/body/email');
      assertRefused(await api.post('/users', newUserBody('ok-token', { termsOfService: { accepted: true, version: '1\u0000' } })), '/body/termsOfService/version');
      assertRefused(await api.get('/scans?limit=5&userToken=a%00'), '/querystring/userToken');
      assert.equal((await api.get('/users/ok-token')).status, 404, 'nothing was stored');
    });

    it('answers 400 for a lone UTF-16 surrogate instead of storing U+FFFD', async () => {
      // Sent as a JSON escape: JSON.parse makes a lone surrogate of it.
      const body = JSON.stringify(newUserBody('PLACEHOLDER')).replace('PLACEHOLDER', 'tok\\ud800en');
      assertRefused(await api.post('/users', body), '/body/token');
      const other = JSON.stringify(newUserBody('PLACEHOLDER')).replace('PLACEHOLDER', 'tok\\udfffen');
      assertRefused(await api.post('/users', other), '/body/token');
    });

    it('keeps a valid surrogate pair (an emoji) in a token', async () => {
      const response = await api.post('/users', newUserBody('runner-\u{1F3C3}'));
      assert.equal(response.status, 201);
      assert.equal(response.body.token, 'runner-\u{1F3C3}');
    });

    it('answers 400 invalid_json for a body that is not valid UTF-8, so two byte strings never become one token', async () => {
      const prefix = Buffer.from('{"token":"t');
      const rest = Buffer.from(JSON.stringify(newUserBody('x')).replace('{"token":"x', ''));
      const response = await service.app!.inject({
        method: 'POST', url: '/users', payload: Buffer.concat([prefix, Buffer.from([0xff, 0xfe]), rest]),
        headers: { accept: 'application/json;v=1', 'content-type': 'application/json', authorization: `Bearer ${await service.key('partner-a')}` },
      });
      assert.equal(response.statusCode, 400);
      assert.equal(JSON.parse(response.body).code, 'invalid_json');
    });

    it('refuses a weight or height outside a person\'s range, in either unit, and 1e400 (Infinity)', async () => {
      assertRefused(await api.post('/users', newUserBody('heavy', { weight: { value: 1e308, unit: 'kg' } })), '/body/weight/value');
      assertRefused(await api.post('/users', '{"token":"inf","email":null,"sex":"male","region":"europe","birthDate":"1990-05-17","weight":{"value":1e400,"unit":"kg"},"height":{"value":1.8,"unit":"m"},"researchConsent":true,"termsOfService":{"accepted":true,"version":"1.0"}}'), '/body/weight/value');
      assertRefused(await api.post('/users', newUserBody('tall', { height: { value: 9e15, unit: 'm' } })), '/body/height/value');
      assertRefused(await api.post('/users', newUserBody('tall-in', { height: { value: 120, unit: 'in' } })), '/body/height/value');
      assertRefused(await api.post('/users', newUserBody('light-lb', { weight: { value: 30, unit: 'lb' } })), '/body/weight/value');
      const ok = await api.post('/users', newUserBody('heavy-ok', { weight: { value: 210, unit: 'kg' }, height: { value: 60, unit: 'in' } }));
      assert.equal(ok.status, 201);
      assertRefused(await api.patch('/users/heavy-ok', { weight: { value: 5000, unit: 'lb' } }), '/body/weight/value');
      assert.deepEqual((await api.get('/users/heavy-ok')).body.weight, { value: 210, unit: 'kg' });
    });
  });
}
