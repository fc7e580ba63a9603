import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { MeasureContext } from '../../src/domain/body-scan-result.ts';
import { defaultScanPipeline } from '../../src/services/default-scan-pipeline.ts';
import { measureContextOf } from '../../src/services/scan-processing.ts';
import { apiClient, newUserBody, pathOf, waitFor } from '../support/api-client.ts';
import { startTestService } from '../support/test-service.ts';

describe('what measuring is told about the person', () => {
  it('passes the user\'s sex and age (at the scan) with height and weight to the measuring stage', async () => {
    const real = defaultScanPipeline();
    const seen: MeasureContext[] = [];
    const service = await startTestService({ pipeline: { ...real, measure: (capture, context) => { seen.push(context); return real.measure(capture, context); } } });
    try {
      const api = apiClient(service.app!, await service.key('partner-context'));
      await api.post('/users', newUserBody('measured', { sex: 'female', birthDate: '1980-01-01', weight: { value: 132.277, unit: 'lb' }, height: { value: 64, unit: 'in' } }));
      const scan = (await api.post('/scans', { userToken: 'measured', deviceConfigName: 'IPHONE_SCANNER' })).body;
      const { url } = (await api.post(`/scans/${scan.id}/upload-url`)).body;
      await service.app!.inject({ method: 'PUT', url: pathOf(url), payload: JSON.stringify({ sandbox: true, sex: 'female', heightM: 1.63, weightKg: 60, seed: 4 }) });
      await waitFor(() => api.get(`/scans/${scan.id}`), (r) => r.body.status === 'READY' || r.body.status === 'FAILED', 60_000);
      assert.equal(seen.length, 1);
      assert.equal(seen[0].sex, 'female');
      // Born on 1 January: the age at the scan is the difference of the years.
      assert.equal(seen[0].ageYears, new Date(scan.createdAt).getUTCFullYear() - 1980);
      assert.ok(Math.abs(seen[0].heightM! - 1.6256) < 1e-9);
      assert.ok(Math.abs(seen[0].weightKg! - 60) < 1e-3);
    } finally {
      await service.stop();
    }
  });

  it('leaves the sex unknown for neutral and undefined, so the model averages the sexes', () => {
    for (const sex of ['neutral', 'undefined'] as const) {
      assert.deepEqual(measureContextOf({ sex, ageYears: 30, heightM: 1.7, weightKg: 70 }), { heightM: 1.7, weightKg: 70, ageYears: 30 });
    }
  });
});
