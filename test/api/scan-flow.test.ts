import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { MEASUREMENT_FIELDS } from '../../src/domain/measurements.ts';
import { writePly } from '../../src/processing/capture/write-ply.ts';
import { generateSyntheticBody } from '../../src/processing/synthetic-body/generate.ts';
import { apiClient, newUserBody, pathOf, waitFor, type ApiClient } from '../support/api-client.ts';
import { databaseVariants, startTestService, type TestService } from '../support/test-service.ts';

/** The interface's intended call order, end to end, with the real processing pipeline. */
for (const variant of databaseVariants()) {
  describe(`a scan from upload to results (${variant.name})`, () => {
    let service: TestService;
    let api: ApiClient;
    let readyScanId = '';

    const upload = async (capture: Uint8Array | string, assetConfigId?: string): Promise<string> => {
      const scan = (await api.post('/scans', { userToken: 'flow-user', deviceConfigName: 'IPHONE_SCANNER', ...(assetConfigId ? { assetConfigId } : {}) })).body;
      const { url } = (await api.post(`/scans/${scan.id}/upload-url`)).body;
      const put = await service.app!.inject({ method: 'PUT', url: pathOf(url), payload: typeof capture === 'string' ? capture : Buffer.from(capture) });
      assert.equal(put.statusCode, 200, put.body);
      return scan.id;
    };
    const settled = (scanId: string) => waitFor(() => api.get(`/scans/${scanId}`), (r) => r.body.status === 'READY' || r.body.status === 'FAILED', 60_000);

    before(async () => {
      service = await startTestService({ variant });
      api = apiClient(service.app!, await service.key('partner-flow'));
      await api.post('/users', newUserBody('flow-user', { sex: 'female', weight: { value: 64, unit: 'kg' }, height: { value: 1.68, unit: 'm' } }));
    });
    after(() => service.stop());

    it('turns an uploaded PLY mesh into READY with all 32 measurements, body composition and every stage succeeded', async () => {
      const body = generateSyntheticBody({ sex: 'female', heightM: 1.68, weightKg: 64, seed: 7 });
      readyScanId = await upload(writePly(body.geometry));
      const scan = (await settled(readyScanId)).body;
      assert.equal(scan.status, 'READY', JSON.stringify(scan.failure));
      assert.deepEqual([scan.scanAssets.captureData, scan.scanAssets.body, scan.scanAssets.fittedBody, scan.scanAssets.measurement], ['succeeded', 'succeeded', 'succeeded', 'succeeded']);
      assert.equal(typeof scan.fitErrorMm.waistFit, 'number', 'the fit error per site is reported for support');
      const measurements = (await api.get(`/scans/${readyScanId}/measurements`)).body;
      assert.deepEqual(Object.keys(measurements).sort(), [...MEASUREMENT_FIELDS].sort());
      assert.ok(Math.abs(measurements.waistFit - body.truth.girthsM.waistFit) < 0.009, `waist ${measurements.waistFit} vs ${body.truth.girthsM.waistFit}`);
      assert.ok(Math.abs(measurements.hipsFit - body.truth.girthsM.hipsFit) < 0.009);
      assert.deepEqual(scan.measurements, measurements);
      const bodyfat = (await api.get(`/scans/${readyScanId}/bodyfat`)).body;
      assert.equal(bodyfat.bodyfatMethod, 'coco2');
      assert.ok(bodyfat.bodyfatPercentage > 10 && bodyfat.bodyfatPercentage < 50, String(bodyfat.bodyfatPercentage));
      assert.ok(Math.abs(bodyfat.fatMass + bodyfat.leanMass - 64) < 1e-6);
    });

    it('converts measurements and masses with unit-system=imperial', async () => {
      const metric = (await api.get(`/scans/${readyScanId}/measurements`)).body;
      const imperial = (await api.get(`/scans/${readyScanId}/measurements?unit-system=imperial`)).body;
      assert.ok(Math.abs(imperial.waistFit - metric.waistFit / 0.0254) < 1e-9);
      assert.ok(Math.abs(imperial.fullBodyVolume - metric.fullBodyVolume / 0.028316846592) < 1e-9);
      assert.equal(imperial.waistToHipRatio, metric.waistToHipRatio);
      const kg = (await api.get(`/scans/${readyScanId}/bodyfat`)).body;
      const lb = (await api.get(`/scans/${readyScanId}/bodyfat?unit-system=imperial`)).body;
      assert.ok(Math.abs(lb.fatMass - kg.fatMass / 0.45359237) < 1e-9);
      assert.equal(lb.bodyfatPercentage, kg.bodyfatPercentage);
    });

    it('recomputes body composition with PATCH /bodyfat and keeps the new method', async () => {
      const army = await api.patch(`/scans/${readyScanId}/bodyfat`, { bodyfatMethod: 'army' });
      assert.equal(army.status, 200);
      assert.equal(army.body.bodyfatMethod, 'army');
      assert.equal((await api.get(`/scans/${readyScanId}`)).body.bodyfatMethod, 'army');
      assert.deepEqual((await api.get(`/scans/${readyScanId}/bodyfat`)).body, army.body);
    });

    it('builds the health report with every section', async () => {
      const report = (await api.get(`/scans/${readyScanId}/health-report`)).body;
      for (const key of ['scan', 'user', 'bodyFatPercentageReport', 'leanMassReport', 'fatMassReport', 'waistCircumferenceReport', 'waistToHipRatioReport', 'waistToHeightRatioReport', 'metabolismReport', 'metabolicAgeReport', 'appendicularLeanMassReport', 'skeletalMuscleMassReport']) {
        assert.ok(report[key], `missing ${key}`);
      }
      assert.equal(typeof report.bodyFatPercentageReport.healthLabel.group, 'string');
      const imperial = (await api.get(`/scans/${readyScanId}/health-report?unit-system=imperial`)).body;
      assert.equal(imperial.waistCircumferenceReport.unit, 'in');
    });

    it('serves every asset through signed, downloadable addresses; a PNG preview decodes', async () => {
      const urls = (await api.get(`/scans/${readyScanId}/asset-urls`)).body;
      assert.deepEqual(Object.keys(urls).sort(), ['canonicalBody', 'captureVideo', 'material', 'model', 'previewImage', 'stripes', 'texture']);
      assert.equal(urls.captureVideo, null);
      for (const key of ['model', 'canonicalBody', 'texture', 'material', 'previewImage', 'stripes']) assert.equal(typeof urls[key], 'string', key);
      const preview = await service.app!.inject({ method: 'GET', url: pathOf(urls.previewImage) });
      assert.equal(preview.statusCode, 200);
      assert.equal(preview.headers['content-type'], 'image/png');
      const png = PNG.sync.read(preview.rawPayload);
      assert.ok(png.width >= 512 && png.height >= 1024);
      const single = await api.get(`/scans/${readyScanId}/asset-urls/preview-image`);
      assert.equal(typeof single.body, 'string');
      assert.equal((await api.get(`/scans/${readyScanId}/asset-urls/hologram`)).body.code, 'invalid_asset_type');
      assert.equal((await api.get(`/scans/${readyScanId}/asset-urls/capture-video`)).body.code, 'asset_not_found');
      const tampered = pathOf(urls.model).replace('model.glb', 'preview.png');
      assert.equal((await service.app!.inject({ method: 'GET', url: tampered })).statusCode, 403);
    });

    it('predicts a weight loss through the queue to READY with smaller girths and a mesh', async () => {
      const created = await api.post('/body-shape-prediction', { scanId: readyScanId, predictionType: 'weight_loss', targetWeight: 58 });
      assert.equal(created.status, 201);
      const ready = (await waitFor(() => api.get(`/body-shape-prediction/${created.body.id}`), (r) => r.body.status === 'READY' || r.body.status === 'FAILED')).body;
      assert.equal(ready.status, 'READY', JSON.stringify(ready.failure));
      assert.equal(ready.targetWeight, 58);
      assert.equal(ready.targetBodyfat, undefined);
      const current = (await api.get(`/scans/${readyScanId}/measurements`)).body;
      assert.ok(ready.predictedMeasurements.waistFit < current.waistFit);
      assert.ok(Math.abs(ready.predictedWeight.value - 58) < 1e-6);
      const imperial = (await api.get(`/body-shape-prediction/${created.body.id}?unit-system=imperial`)).body;
      assert.ok(Math.abs(imperial.targetWeight - 58 / 0.45359237) < 1e-9, 'the target reads back in lb with imperial, like predictedWeight');
      assert.equal(imperial.predictedWeight.unit, 'lb');
      const asset = (await api.get(`/body-shape-prediction/${created.body.id}/asset-urls`)).body;
      const glb = await service.app!.inject({ method: 'GET', url: pathOf(asset.bodyShapePrediction) });
      assert.equal(glb.rawPayload.subarray(0, 4).toString(), 'glTF');
      const list = (await api.get(`/scans/${readyScanId}/body-shape-predictions`)).body;
      assert.deepEqual(list.map((p: { id: string }) => p.id), [created.body.id]);
    });

    it('answers 400 to a prediction with both, neither, or a wrong-direction target', async () => {
      const both = await api.post('/body-shape-prediction', { scanId: readyScanId, predictionType: 'weight_loss', targetWeight: 60, targetBodyfat: 20 });
      assert.equal(both.body.code, 'invalid_prediction_target');
      const neither = await api.post('/body-shape-prediction', { scanId: readyScanId, predictionType: 'weight_loss' });
      assert.equal(neither.status, 400);
      const upward = await api.post('/body-shape-prediction', { scanId: readyScanId, predictionType: 'weight_loss', targetWeight: 80 });
      assert.equal(upward.status, 400);
      assert.match(upward.body.message, /weight/i);
    });

    it('synthesises a body from a sandbox descriptor capture', async () => {
      const scanId = await upload(JSON.stringify({ sandbox: true, sex: 'male', heightM: 1.8, weightKg: 85, seed: 3 }));
      const scan = (await settled(scanId)).body;
      assert.equal(scan.status, 'READY', JSON.stringify(scan.failure));
      assert.ok(scan.measurements.waistFit > 0.6 && scan.measurements.waistFit < 1.2);
    });

    it('fails a scan whose capture is not a body, with a machine code and a sentence', async () => {
      const scanId = await upload('this is not a capture file at all');
      const scan = (await settled(scanId)).body;
      assert.equal(scan.status, 'FAILED');
      assert.equal(scan.failure.code, 'capture_format_unknown');
      assert.ok(scan.failure.message.length > 10);
      assert.equal(scan.scanAssets.captureData, 'failed');
      assert.equal(scan.scanAssets.body, null);
      assert.equal((await api.get(`/scans/${scanId}/measurements`)).status, 409);
    });

    it('deletes the scan with its predictions and every stored file', async () => {
      const folder = join(service.dataDir, 'files', 'objects', 'scans', readyScanId);
      assert.ok(existsSync(folder));
      const predictions = (await api.get(`/scans/${readyScanId}/body-shape-predictions`)).body;
      assert.equal((await api.delete(`/scans/${readyScanId}`)).status, 200);
      assert.equal(existsSync(folder), false);
      assert.equal((await api.get(`/body-shape-prediction/${predictions[0].id}`)).status, 404);
      assert.equal((await api.get(`/scans/${readyScanId}/measurements`)).status, 404);
    });
  });
}

describe('sandbox descriptors outside the sandbox', () => {
  it('fail the scan in a production deployment instead of synthesising a body', async () => {
    const service = await startTestService({ env: { BODYSCAN_ENVIRONMENT: 'production' } });
    try {
      const api = apiClient(service.app!, await service.key('partner-prod', 'production'));
      await api.post('/users', newUserBody('prod-user'));
      const scan = (await api.post('/scans', { userToken: 'prod-user', deviceConfigName: 'IPHONE_SCANNER' })).body;
      const { url } = (await api.post(`/scans/${scan.id}/upload-url`)).body;
      await service.app!.inject({ method: 'PUT', url: pathOf(url), payload: JSON.stringify({ sandbox: true, sex: 'male', heightM: 1.8, weightKg: 80, seed: 1 }) });
      const failed = (await waitFor(() => api.get(`/scans/${scan.id}`), (r) => r.body.status === 'FAILED' || r.body.status === 'READY')).body;
      assert.equal(failed.status, 'FAILED');
      assert.equal(failed.failure.code, 'capture_format_unknown');
      assert.match(failed.failure.message, /only in the sandbox environment/);
    } finally {
      await service.stop();
    }
  });
});
