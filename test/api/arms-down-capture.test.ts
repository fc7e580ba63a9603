import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CIRCUMFERENCE_FIELDS } from '../../src/domain/measurements.ts';
import { writePly } from '../../src/processing/capture/write-ply.ts';
import { makeSyntheticBody, sampleSyntheticCloud } from '../../src/processing/synthetic-body/generate.ts';
import { apiClient, newUserBody, pathOf, waitFor, type ApiClient } from '../support/api-client.ts';
import { startTestService, type TestService } from '../support/test-service.ts';

// A person standing with the arms hanging against the torso, uploaded as a point cloud: measured
// through the body model fitted to it (not refused), and the scan says how well the model fitted.
describe('a capture with the arms resting on the torso, through the API', () => {
  let service: TestService;
  let api: ApiClient;
  before(async () => {
    service = await startTestService();
    api = apiClient(service.app!, await service.key('partner-arms'));
    await api.post('/users', newUserBody('arms-down', { weight: { value: 84, unit: 'kg' }, height: { value: 1.78, unit: 'm' } }));
  });
  after(() => service.stop());

  it('reaches READY with all 27 girths and reports the fit (residual, coverage, parts, observed and model-filled share of each tape)', async () => {
    const body = makeSyntheticBody({ sex: 'male', heightM: 1.78, fatness: 0.5, seed: 1, armAngleDeg: 10, armsTouchTorso: true });
    const capture = writePly(sampleSyntheticCloud(body, { count: 150_000, seed: 3, noiseSigmaM: 0.002 }));
    const scan = (await api.post('/scans', { userToken: 'arms-down', deviceConfigName: 'IPHONE_SCANNER' })).body;
    const { url } = (await api.post(`/scans/${scan.id}/upload-url`)).body;
    assert.equal((await service.app!.inject({ method: 'PUT', url: pathOf(url), payload: Buffer.from(capture) })).statusCode, 200);
    const ready = (await waitFor(() => api.get(`/scans/${scan.id}`), (r) => r.body.status === 'READY' || r.body.status === 'FAILED', 90_000)).body;
    assert.equal(ready.status, 'READY', JSON.stringify(ready.failure));
    const measurements = (await api.get(`/scans/${scan.id}/measurements`)).body;
    for (const field of CIRCUMFERENCE_FIELDS) assert.ok(measurements[field] > 0.1 && measurements[field] < 2, `${field} ${measurements[field]}`);
    assert.ok(ready.bodyFit.residualRmsMm > 0 && ready.bodyFit.residualRmsMm < 15, `residual ${ready.bodyFit.residualRmsMm} mm`);
    assert.ok(ready.bodyFit.coverage > 0.5 && ready.bodyFit.coverage <= 1);
    assert.ok(ready.bodyFit.partResidualRmsMm.torso > 0);
    assert.deepEqual(Object.keys(ready.bodyFit.siteObservedFraction).sort(), [...CIRCUMFERENCE_FIELDS].sort());
    assert.ok(ready.bodyFit.siteObservedFraction.chestFit < 1, 'the arms hide part of the chest contour: bridged, and said so');
    assert.deepEqual(Object.keys(ready.bodyFit.siteFilledFraction).sort(), [...CIRCUMFERENCE_FIELDS].sort());
    for (const field of CIRCUMFERENCE_FIELDS) {
      const observed = ready.bodyFit.siteObservedFraction[field], filled = ready.bodyFit.siteFilledFraction[field];
      assert.ok(filled >= 0 && observed + filled <= 1.001, `${field}: observed ${observed}, filled ${filled}`);
    }
  });
});
