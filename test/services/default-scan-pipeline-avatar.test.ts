import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CIRCUMFERENCE_FIELDS } from '../../src/domain/measurements.ts';
import { ProcessingFailure } from '../../src/domain/processing-failure.ts';
import { defaultScanPipeline } from '../../src/services/default-scan-pipeline.ts';
import { measureModelBody, modelParams } from '../support/model-measurement.ts';
import { samplePointCloud } from '../support/sample-surface.ts';
import { glbJson, validateGlb } from '../support/validate-glb.ts';

// A heavy model body, arms lowered towards the torso, as a point cloud: the real fit runs on it.
const body = measureModelBody(modelParams(undefined, { 0: 0.6, 1: -1.2, 4: 1.4 }, 0.55));
const cloud = samplePointCloud(body.result.canonical.positions, body.model.triangles, 80_000, 3);
const result = { ...body.result, canonical: { positions: cloud.positions, indices: null, colors: null, normals: null } };
const pipeline = defaultScanPipeline();
const fitted = pipeline.fit(result);
// What the scan job stores and a prediction job reads back.
const stored = JSON.parse(JSON.stringify(fitted));

describe('the default pipeline\'s fitted body and predicted body', () => {
  it('stores a JSON-safe record of the fit and a tape error per measured site, small on a body the model can make', () => {
    assert.equal(stored.record.version, 1);
    assert.equal(stored.record.shape.length, body.model.shapeCount);
    assert.equal(stored.record.sites.length, CIRCUMFERENCE_FIELDS.length);
    for (const field of CIRCUMFERENCE_FIELDS) assert.ok(Math.abs(stored.fitErrorMmBySite[field]) < 20, `${field}: ${stored.fitErrorMmBySite[field]} mm`);
  });

  it('draws the prediction from the stored record: a valid GLB with the model topology, and how close it came', async () => {
    const predicted = { ...result.measurements, waistFit: result.measurements.waistFit - 0.05, hipsFit: result.measurements.hipsFit - 0.03, fullBodyVolume: result.measurements.fullBodyVolume * 0.93 };
    const file = pipeline.predictedBody(stored.record, predicted);
    assert.equal(file.assetKey, 'bodyShapePrediction');
    assert.deepEqual((await validateGlb(file.bytes)).errors, []);
    const json = glbJson(file.bytes);
    assert.equal(json.accessors[json.meshes[0].primitives[0].attributes.POSITION].count, body.model.vertexCount);
    const diagnostics = file.diagnostics as { girthErrorMm: Record<string, number>; volumeErrorPercent: number; statureChangeMm: number };
    assert.ok(Math.abs(diagnostics.girthErrorMm.waistFit) < 3, `waist ${diagnostics.girthErrorMm.waistFit} mm`);
    assert.ok(Math.abs(diagnostics.girthErrorMm.hipsFit) < 3, `hips ${diagnostics.girthErrorMm.hipsFit} mm`);
    assert.ok(Math.abs(diagnostics.volumeErrorPercent) < 1, `volume ${diagnostics.volumeErrorPercent} %`);
    assert.ok(Math.abs(diagnostics.statureChangeMm) < 3, `stature ${diagnostics.statureChangeMm} mm`);
    assert.deepEqual(json.extras.girthErrorMm, diagnostics.girthErrorMm);
  });

  it('refuses, with internal_error, to re-shape a record fitted by another body model (nothing is re-fitted or guessed)', () => {
    const rebuilt = { ...stored.record, model: { ...stored.record.model, basisHash: '00000000' } };
    assert.throws(() => pipeline.predictedBody(rebuilt, result.measurements), (error: unknown) => {
      assert.ok(error instanceof ProcessingFailure);
      assert.equal(error.code, 'internal_error');
      assert.match(error.message, /another body model \(basis 00000000/);
      return true;
    });
  });
});
