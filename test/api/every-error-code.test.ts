// Every code in the error catalog (docs/errors.md) is one the server really answers: one request
// per code, each checked for its status and the catalog body. A code no request can produce
// fails the last test, so the catalog cannot promise what the server never says.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { buildApi } from '../../src/api/build-api.ts';
import { ERROR_CATALOG, type ErrorCode } from '../../src/domain/error-catalog.ts';
import { apiClient, newUserBody, pathOf, waitFor, type ApiClient, type ApiResponse } from '../support/api-client.ts';
import { startTestService, type TestService } from '../support/test-service.ts';

const SANDBOX_PERSON = JSON.stringify({ sandbox: true, sex: 'female', heightM: 1.68, weightKg: 64, seed: 7 });

describe('every documented error code is answered by the server', () => {
  let service: TestService;
  let api: ApiClient;
  let key: string;
  /** The same API over the same service, with a throwing route and switchable rate limit and drain. */
  let probeApp: FastifyInstance;
  const probe = { shuttingDown: false, retryAfterS: 0 };
  let readyScanId = '';
  const seen = new Set<ErrorCode>();

  /** Asserts the catalog status and body for `code`, and records that the server produced it. */
  function expectCode(response: ApiResponse, code: ErrorCode): void {
    assert.equal(response.body?.code, code, JSON.stringify(response.body));
    assert.equal(response.status, ERROR_CATALOG[code].status);
    assert.equal(response.body.statusCode, response.status);
    assert.equal(typeof response.body.message, 'string');
    assert.equal(response.body.requestId, response.headers['x-request-id']);
    seen.add(code);
  }

  const put = async (url: string, payload: string): Promise<ApiResponse> => {
    const response = await service.app!.inject({ method: 'PUT', url, payload, headers: { 'content-type': 'application/octet-stream' } });
    return { status: response.statusCode, body: JSON.parse(response.body || 'null'), headers: response.headers };
  };

  before(async () => {
    service = await startTestService({ worker: true, env: { MAX_UPLOAD_BYTES: '4096', JSON_BODY_LIMIT_BYTES: '65536' } });
    key = await service.key('catalog-partner');
    api = apiClient(service.app!, key);
    await api.post('/users', newUserBody('catalog-user', { sex: 'female' }));
    const scan = (await api.post('/scans', { userToken: 'catalog-user', deviceConfigName: 'IPHONE_SCANNER' })).body;
    const upload = (await api.post(`/scans/${scan.id}/upload-url`)).body;
    assert.equal((await put(pathOf(upload.url), SANDBOX_PERSON)).status, 200);
    const settled = await waitFor(() => api.get(`/scans/${scan.id}`), (r) => r.body.status === 'READY' || r.body.status === 'FAILED', 60_000);
    assert.equal(settled.body.status, 'READY', JSON.stringify(settled.body.failure));
    readyScanId = scan.id;
    await service.worker!.stop(); // from here on, new jobs wait: a new prediction stays not READY

    probeApp = await buildApi({
      context: service.context, keys: service.keys, signedStorage: null, jsonBodyLimitBytes: 65536,
      rateLimit: () => probe.retryAfterS, isShuttingDown: () => probe.shuttingDown,
    }, false);
    probeApp.get('/test-only/a-bug', async () => { throw new TypeError('a bug in a route'); });
  });
  after(async () => {
    await probeApp?.close();
    await service.stop();
  });

  it('400 invalid_input, invalid_json, invalid_cursor, unknown_asset_config, invalid_asset_type, invalid_prediction_target', async () => {
    expectCode(await api.post('/users', { token: 'x' }), 'invalid_input');
    expectCode(await api.post('/users', '{"token": '), 'invalid_json');
    expectCode(await api.get('/scans?limit=1&cursor=not-a-cursor'), 'invalid_cursor');
    expectCode(await api.post('/scans', { userToken: 'catalog-user', deviceConfigName: 'IPHONE_SCANNER', assetConfigId: '00000000-0000-4000-8000-000000000000' }), 'unknown_asset_config');
    expectCode(await api.get(`/scans/${readyScanId}/asset-urls/hologram`), 'invalid_asset_type');
    expectCode(await api.post('/body-shape-prediction', { scanId: readyScanId, predictionType: 'weight_loss', targetWeight: 60, targetBodyfat: 20 }), 'invalid_prediction_target');
  });

  it('401 missing_credential and invalid_credential; 403 wrong_environment and upload_signature_invalid', async () => {
    expectCode(await apiClient(service.app!, null).get('/users/catalog-user'), 'missing_credential');
    expectCode(await apiClient(service.app!, 'not-a-key').get('/users/catalog-user'), 'invalid_credential');
    expectCode(await apiClient(service.app!, await service.key('catalog-partner', 'production')).get('/users/catalog-user'), 'wrong_environment');
    const scan = (await api.post('/scans', { userToken: 'catalog-user', deviceConfigName: 'IPHONE_SCANNER' })).body;
    const url = pathOf((await api.post(`/scans/${scan.id}/upload-url`)).body.url);
    expectCode(await put(url.replace(/signature=([0-9a-f])/, (_m, c: string) => `signature=${c === '0' ? '1' : '0'}`), 'data'), 'upload_signature_invalid');
  });

  it('404 user_not_found, scan_not_found, prediction_not_found, asset_not_found, route_not_found', async () => {
    expectCode(await api.get('/users/nobody'), 'user_not_found');
    expectCode(await api.get('/scans/00000000-0000-7000-8000-000000000000'), 'scan_not_found');
    expectCode(await api.get('/body-shape-prediction/00000000-0000-7000-8000-000000000000'), 'prediction_not_found');
    expectCode(await api.get(`/scans/${readyScanId}/asset-urls/capture-video`), 'asset_not_found');
    expectCode(await api.get('/no-such-endpoint'), 'route_not_found');
  });

  it('405 method_not_allowed, with allow listing the methods the endpoint takes', async () => {
    const response = await api.request('PUT', '/scans', {});
    expectCode(response, 'method_not_allowed');
    assert.equal(response.headers.allow, 'GET, HEAD, POST');
    expectCode(await api.request('POST', `/scans/${readyScanId}/measurements`), 'method_not_allowed');
  });

  it('406 version_not_acceptable', async () => {
    expectCode(await api.get('/users/catalog-user', { accept: 'application/json;v=2' }), 'version_not_acceptable');
  });

  it('409 scan_not_ready, prediction_not_ready, scan_not_awaiting_upload, user_token_taken', async () => {
    const scan = (await api.post('/scans', { userToken: 'catalog-user', deviceConfigName: 'IPHONE_SCANNER' })).body;
    expectCode(await api.get(`/scans/${scan.id}/measurements`), 'scan_not_ready');
    const prediction = (await api.post('/body-shape-prediction', { scanId: readyScanId, predictionType: 'weight_loss', targetWeight: 60 })).body;
    expectCode(await api.get(`/body-shape-prediction/${prediction.id}/asset-urls`), 'prediction_not_ready');
    expectCode(await api.post(`/scans/${readyScanId}/upload-url`), 'scan_not_awaiting_upload');
    await api.post('/users', newUserBody('catalog-other'));
    expectCode(await api.patch('/users/catalog-other', { token: 'catalog-user' }), 'user_token_taken');
  });

  it('413 payload_too_large and 415 unsupported_media_type', async () => {
    expectCode(await api.post('/users', newUserBody('big', { email: 'x'.repeat(100_000) })), 'payload_too_large');
    expectCode(await api.post('/users', 'token=x', { 'content-type': 'text/plain' }), 'unsupported_media_type');
  });

  it('429 rate_limited with retry-after, 500 internal_error without internals, 503 service_unavailable while draining', async () => {
    const probeApi = apiClient(probeApp, key);
    probe.retryAfterS = 3;
    const limited = await probeApi.get('/users/catalog-user');
    expectCode(limited, 'rate_limited');
    assert.equal(limited.headers['retry-after'], '3');
    probe.retryAfterS = 0;

    const bug = await probeApi.get('/test-only/a-bug');
    expectCode(bug, 'internal_error');
    assert.doesNotMatch(JSON.stringify(bug.body), /a bug in a route|TypeError/);

    probe.shuttingDown = true;
    expectCode(await probeApi.get('/users/catalog-user'), 'service_unavailable');
    probe.shuttingDown = false;
  });

  it('leaves no catalog code unproduced', () => {
    assert.deepEqual([...seen].sort(), Object.keys(ERROR_CATALOG).sort());
  });
});
