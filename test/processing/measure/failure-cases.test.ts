// Captures that are not a measurable standing person are reported with a ProcessingFailure code
// instead of being measured wrongly; a standing person is measured whatever the stance.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { CaptureGeometry } from '../../../src/domain/capture-geometry.ts';
import { ProcessingFailure } from '../../../src/domain/processing-failure.ts';
import type { ProcessingFailureCode } from '../../../src/domain/processing-failure.ts';
import { measureBody } from '../../../src/processing/measure/measure-body.ts';
import { makeRandom } from '../../../src/processing/geometry/prng.ts';
import { makeSyntheticBody, sampleSyntheticCloud } from '../../../src/processing/synthetic-body/generate.ts';
import { BODY_PARTS, NO_PART } from '../../../src/processing/body-model/posable-model-types.ts';
import { hideContact, syntheticFitDouble } from '../../support/synthetic-fit-double.ts';

/** Points on the surfaces of axis-aligned boxes [x0,y0,z0,x1,y1,z1] (m), density ∝ area. */
function boxesCloud(boxes: number[][], count: number, seed = 1): CaptureGeometry {
  const random = makeRandom(seed);
  const areas = boxes.map(([x0, y0, z0, x1, y1, z1]) => 2 * ((x1 - x0) * (y1 - y0) + (y1 - y0) * (z1 - z0) + (x1 - x0) * (z1 - z0)));
  const total = areas.reduce((a, b) => a + b, 0);
  const out = new Float32Array(3 * count);
  for (let i = 0; i < count; i++) {
    let pick = random() * total, b = 0;
    while (pick > areas[b] && b < boxes.length - 1) pick -= areas[b++];
    const [x0, y0, z0, x1, y1, z1] = boxes[b];
    const p = [x0 + random() * (x1 - x0), y0 + random() * (y1 - y0), z0 + random() * (z1 - z0)];
    const axis = Math.floor(random() * 3);
    p[axis] = random() < 0.5 ? [x0, y0, z0][axis] : [x1, y1, z1][axis];
    out.set(p, 3 * i);
  }
  return { positions: out, indices: null, colors: null, normals: null };
}

function assertFailsWith(geometry: CaptureGeometry, code: ProcessingFailureCode): void {
  assert.throws(() => measureBody(geometry, {}, {}), (error: unknown) => {
    assert.ok(error instanceof ProcessingFailure, `expected ProcessingFailure, got ${String(error)}`);
    assert.equal(error.code, code, error.message);
    return true;
  });
}

describe('captures that cannot be measured are reported, not measured', () => {
  it('a 1.7 m cube is no_person_found', () => {
    assertFailsWith(boxesCloud([[0, 0, 0, 1.7, 1.7, 1.7]], 100000), 'no_person_found');
  });

  it('a chair (four legs, seat, backrest) is no_person_found', () => {
    const leg = (x: number, z: number) => [x, 0, z, x + 0.04, 0.45, z + 0.04];
    assertFailsWith(boxesCloud([leg(0, 0), leg(0.41, 0), leg(0, 0.41), leg(0.41, 0.41), [0, 0.45, 0, 0.45, 0.5, 0.45], [0, 0.5, 0, 0.45, 1.0, 0.04]], 100000), 'no_person_found');
  });

  it('arms held against the torso are measured, not refused, when a body fit labels the capture', () => {
    const body = makeSyntheticBody({ sex: 'male', heightM: 1.78, fatness: 0.5, seed: 1, armAngleDeg: 10, armsTouchTorso: true });
    const result = measureBody(hideContact(body, sampleSyntheticCloud(body, { count: 200000, seed: 3 })), {}, {}, { fitter: syntheticFitDouble(body) });
    assert.equal(result.diagnostics.segmentation, 'fitted-model');
    assert.ok(Math.abs(result.measurements.chestFit - body.truth.girthsM.chestFit) < 0.009, `chest off by ${((result.measurements.chestFit - body.truth.girthsM.chestFit) * 1000).toFixed(1)} mm`);
  });

  it('a cube is no_person_found even with a body fitter (the standing-person check runs first)', () => {
    const neverCalled = { bonePart: new Uint8Array(0), fit: () => { throw new Error('the fit must not run on a cube'); } };
    assert.throws(() => measureBody(boxesCloud([[0, 0, 0, 1.7, 1.7, 1.7]], 100000), {}, {}, { fitter: neverCalled }),
      (e: unknown) => e instanceof ProcessingFailure && e.code === 'no_person_found');
  });

  it('a capture without legs is body_incomplete when the fit finds no points on them', () => {
    const body = makeSyntheticBody({ sex: 'female', heightM: 1.65, fatness: 0.4, seed: 5 });
    const double = syntheticFitDouble(body);
    // A fit that finds the legs missing (as it would on a capture cut at the hips).
    const legless = { bonePart: double.bonePart, fit: (p: Float32Array, n: number) => {
      const fit = double.fit(p, n);
      for (let i = 0; i < n; i++) if (/^(thigh|shin|foot)/.test(BODY_PARTS[fit.pointPart[i]] ?? '')) fit.pointPart[i] = NO_PART;
      return fit;
    } };
    assert.throws(() => measureBody(sampleSyntheticCloud(body, { count: 150000, seed: 2 }), {}, {}, { fitter: legless }),
      (e: unknown) => e instanceof ProcessingFailure && e.code === 'body_incomplete' && /leg/.test(e.message));
  });

  it('a person scaled to 4 m with a metre unit hint is capture_units_implausible', () => {
    const body = makeSyntheticBody({ sex: 'female', heightM: 1.6, fatness: 0.3, seed: 2 });
    const cloud = sampleSyntheticCloud(body, { count: 100000, seed: 4 });
    const p = cloud.positions.map((v) => v * 2.5);
    assert.throws(() => measureBody({ ...cloud, positions: p }, { unit: 'm' }, {}), (e: unknown) => e instanceof ProcessingFailure && e.code === 'capture_units_implausible');
  });

  it('a capture of a few hundred points is no_person_found', () => {
    assertFailsWith(boxesCloud([[0, 0, 0, 0.3, 1.7, 0.3]], 300), 'no_person_found');
  });
});
