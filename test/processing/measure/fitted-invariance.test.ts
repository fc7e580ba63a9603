// With the fitted model's segmentation, the same body standing with its arms hanging against the
// torso gives each girth within its ISO 20685-1 limit of the others whether it arrives as a mesh or
// a point cloud, in millimetres, Z-up, or turned about the vertical. The fit is stood in for by the
// synthetic-body double (test/support/synthetic-fit-double.ts).
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import type { CaptureGeometry, CaptureHints } from '../../../src/domain/capture-geometry.ts';
import type { BodyMeasurementResult } from '../../../src/domain/body-scan-result.ts';
import { CIRCUMFERENCE_FIELDS } from '../../../src/domain/measurements.ts';
import { toleranceM } from '../../../src/processing/measure/girth-sites.ts';
import { measureBody } from '../../../src/processing/measure/measure-body.ts';
import type { SyntheticBody } from '../../../src/processing/synthetic-body/generate.ts';
import { makeSyntheticBody, sampleSyntheticCloud } from '../../../src/processing/synthetic-body/generate.ts';
import { hideContact, syntheticFitDouble } from '../../support/synthetic-fit-double.ts';

function transformed(g: CaptureGeometry, map: (x: number, y: number, z: number) => [number, number, number]): CaptureGeometry {
  const p = new Float32Array(g.positions.length);
  for (let i = 0; i < p.length; i += 3) p.set(map(g.positions[i], g.positions[i + 1], g.positions[i + 2]), i);
  return { ...g, positions: p };
}

function girthsMoved(base: BodyMeasurementResult, other: BodyMeasurementResult): string[] {
  return CIRCUMFERENCE_FIELDS
    .map((f) => ({ f, d: other.measurements[f] - base.measurements[f] }))
    .filter(({ f, d }) => Math.abs(d) >= toleranceM(f))
    .map(({ f, d }) => `${f} moved ${(d * 1000).toFixed(2)} mm`);
}

describe('a body with its arms against the torso measures the same however it is captured', () => {
  let body: SyntheticBody;
  let cloud: CaptureGeometry;
  let base: BodyMeasurementResult;
  const measure = (g: CaptureGeometry, hints: CaptureHints = {}) => measureBody(g, hints, {}, { fitter: syntheticFitDouble(body) });
  before(() => {
    body = makeSyntheticBody({ sex: 'female', heightM: 1.66, fatness: 0.8, seed: 21, armAngleDeg: 8, armsTouchTorso: true });
    cloud = hideContact(body, sampleSyntheticCloud(body, { count: 300000, noiseSigmaM: 0.001, seed: 12 }));
    base = measure(cloud);
  });

  it('as a mesh and as a point cloud, every girth within its ISO limit of the other', () => {
    assert.deepEqual(girthsMoved(base, measure(body.geometry)), []);
  });

  it('turned 37° about the vertical and moved by metres', () => {
    const c = Math.cos(0.65), s = Math.sin(0.65);
    assert.deepEqual(girthsMoved(base, measure(transformed(cloud, (x, y, z) => [c * x + s * z + 1.2, y - 0.4, -s * x + c * z - 2.0]))), []);
  });

  it('facing away (turned 180°), with left and right kept', () => {
    const turned = measure(transformed(cloud, (x, y, z) => [-x, y, -z]));
    assert.deepEqual(girthsMoved(base, turned), []);
    assert.ok(turned.landmarks.elbowLeft[0] > 0, 'the body\'s left elbow is on +X');
  });

  it('in millimetres without a unit hint', () => {
    const mm = measure(transformed(cloud, (x, y, z) => [1000 * x, 1000 * y, 1000 * z]));
    assert.equal(mm.diagnostics.unit, 'mm');
    assert.deepEqual(girthsMoved(base, mm), []);
  });

  it('Z-up in centimetres, with and without hints', () => {
    const zUp = transformed(cloud, (x, y, z) => [100 * x, -100 * z, 100 * y]);
    assert.deepEqual(girthsMoved(base, measure(zUp, { unit: 'cm', upAxis: '+z' })), []);
    assert.deepEqual(girthsMoved(base, measure(zUp)), []);
  });
});
