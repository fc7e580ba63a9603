import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, newUserBody } from '../support/api-client.ts';
import { startTestService, type TestService } from '../support/test-service.ts';

describe('authentication and wire rules', () => {
  let service: TestService;
  let key: string;
  before(async () => {
    service = await startTestService({ worker: false });
    key = await service.key('partner-a');
  });
  after(() => service.stop());

  it('answers 401 missing_credential without an authorization header', async () => {
    const response = await apiClient(service.app!, null).get('/users/x');
    assert.equal(response.status, 401);
    assert.deepEqual(Object.keys(response.body).sort(), ['code', 'error', 'message', 'requestId', 'statusCode']);
    assert.equal(response.body.code, 'missing_credential');
    assert.equal(response.body.error, 'Unauthorized');
  });

  it('answers 401 for a malformed or forged key', async () => {
    assert.equal((await apiClient(service.app!, 'not-a-jwt').get('/users/x')).body.code, 'invalid_credential');
    const [header, payload] = key.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    assert.equal((await apiClient(service.app!, forged).get('/users/x')).status, 401);
  });

  it('accepts the bearer scheme in any case', async () => {
    const response = await apiClient(service.app!, null).get('/users/x', { authorization: `bearer ${key}` });
    assert.equal(response.status, 404);
  });

  it('answers 401 after the key is revoked', async () => {
    const created = await service.keys.createKey('partner-r', 'sandbox');
    const api = apiClient(service.app!, created.apiKey);
    assert.equal((await api.get('/users/x')).status, 404);
    await service.keys.revokeKey(created.keyId);
    assert.equal((await api.get('/users/x')).body.code, 'invalid_credential');
  });

  it('answers 403 for a key of the other environment', async () => {
    const production = await service.key('partner-a', 'production');
    const response = await apiClient(service.app!, production).get('/users/x');
    assert.equal(response.status, 403);
    assert.equal(response.body.code, 'wrong_environment');
  });

  it('checks authentication before validation', async () => {
    const response = await apiClient(service.app!, null).post('/users', { nonsense: true });
    assert.equal(response.status, 401);
  });

  it('answers 406 when accept asks for another interface version, and serves a missing version as v1', async () => {
    const api = apiClient(service.app!, key);
    const v2 = await api.get('/users/x', { accept: 'application/json;v=2' });
    assert.equal(v2.status, 406);
    assert.equal(v2.body.code, 'version_not_acceptable');
    assert.equal((await api.get('/users/x', { accept: 'application/json' })).status, 404);
  });

  it('answers 415 for a JSON endpoint sent another content type, 400 for broken JSON', async () => {
    const api = apiClient(service.app!, key);
    const wrongType = await api.post('/users', 'token=x', { 'content-type': 'text/plain' });
    assert.equal(wrongType.status, 415);
    assert.equal(wrongType.body.code, 'unsupported_media_type');
    const broken = await api.post('/users', '{"token": ', {});
    assert.equal(broken.status, 400);
    assert.equal(broken.body.code, 'invalid_json');
  });

  it('answers 413 for a body over the JSON limit', async () => {
    const api = apiClient(service.app!, key);
    const response = await api.post('/users', newUserBody('big', { email: 'x'.repeat(2 * 1024 * 1024) }));
    assert.equal(response.status, 413);
    assert.equal(response.body.code, 'payload_too_large');
  });

  it('accepts content-type application/json with an empty body on DELETE and body-less POST', async () => {
    const api = apiClient(service.app!, key);
    await api.post('/users', newUserBody('empty-body'));
    assert.equal((await api.post('/users/empty-body/terms')).status, 201);
    assert.equal((await api.delete('/users/empty-body')).status, 200);
  });

  it('echoes the request id in a header and in error bodies', async () => {
    const response = await apiClient(service.app!, key).get('/users/x', { 'x-request-id': 'req-123' });
    assert.equal(response.headers['x-request-id'], 'req-123');
    assert.equal(response.body.requestId, 'req-123');
  });

  it('answers 404 route_not_found in the error format for an unknown path', async () => {
    const response = await apiClient(service.app!, key).get('/nope');
    assert.equal(response.status, 404);
    assert.equal(response.body.code, 'route_not_found');
  });

  it('serves /healthz, /readyz and the OpenAPI document without a key', async () => {
    const api = apiClient(service.app!, null);
    assert.equal((await api.get('/healthz')).status, 200);
    assert.deepEqual((await api.get('/readyz')).body, { status: 'ready' });
    const openapi = await api.get('/openapi.json');
    assert.equal(openapi.body.openapi, '3.1.0');
    assert.ok(openapi.body.paths['/scans/{scanId}/measurements']);
  });
});
