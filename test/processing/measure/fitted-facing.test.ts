// The canonical frame takes the body's front from its feet (canonical-frame.ts). A phone recording's
// feet can lose their toes to the floor and point the wrong way; the fitted model, which rests on
// the whole body, then faces −Z, and measuring turns the frame around (fitted-facing.ts) so left
// stays left and the front stays the front.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import type { BodyMeasurementResult } from '../../../src/domain/body-scan-result.ts';
import type { CaptureGeometry } from '../../../src/domain/capture-geometry.ts';
import { CIRCUMFERENCE_FIELDS } from '../../../src/domain/measurements.ts';
import { toleranceM } from '../../../src/processing/measure/girth-sites.ts';
import { measureBody } from '../../../src/processing/measure/measure-body.ts';
import { posableModelFitter } from '../../../src/processing/measure/model-fitter.ts';
import { measureModelBody, modelParams } from '../../support/model-measurement.ts';

/**
 * The mesh without the fronts of its feet: every triangle with a corner below 4 % of stature and
 * ahead of 1 cm behind the ankles' mean z goes (toes lost to the floor, heels kept), so the feet's
 * cue points backwards.
 */
function toesLost(mesh: CaptureGeometry): CaptureGeometry {
  const p = mesh.positions, t = mesh.indices!;
  let H = 0;
  for (let i = 1; i < p.length; i += 3) H = Math.max(H, p[i]);
  let ankleZ = 0, n = 0;
  for (let i = 0; i < p.length; i += 3) if (p[i + 1] > 0.06 * H && p[i + 1] < 0.1 * H) { ankleZ += p[i + 2]; n++; }
  ankleZ /= n;
  const lost = (v: number) => p[3 * v + 1] < 0.04 * H && p[3 * v + 2] > ankleZ - 0.01;
  const kept: number[] = [];
  for (let k = 0; k < t.length; k += 3) if (!lost(t[k]) && !lost(t[k + 1]) && !lost(t[k + 2])) kept.push(t[k], t[k + 1], t[k + 2]);
  return { ...mesh, indices: Uint32Array.from(kept) };
}

describe('a body whose feet lost their toes', () => {
  let mesh: CaptureGeometry;
  let base: BodyMeasurementResult;
  let misled: BodyMeasurementResult;
  before(() => {
    const body = measureModelBody(modelParams(undefined, { 0: 0.6, 1: -0.3, 2: 0.2 }, 0.2));
    mesh = { positions: body.result.canonical.positions, indices: body.model.triangles, colors: null, normals: null };
    base = measureBody(mesh, {}, {}, { fitter: posableModelFitter({}) });
    misled = measureBody(toesLost(mesh), {}, {}, { fitter: posableModelFitter({}) });
  });

  it('is measured facing the way its fitted model faces, left on +X', () => {
    assert.equal(base.diagnostics.facingCue, 'feet');
    assert.equal(misled.diagnostics.facingCue, 'fitted-model');
    assert.ok(misled.landmarks.elbowLeft[0] > 0 && misled.landmarks.acromionLeft[0] > 0, 'the body\'s left arm is on +X');
  });

  it('reads every girth above the ankles within its ISO limit of the same body with its toes', () => {
    const moved = CIRCUMFERENCE_FIELDS.filter((f) => !f.startsWith('ankle'))
      .map((f) => ({ f, d: misled.measurements[f] - base.measurements[f] }))
      .filter(({ f, d }) => Math.abs(d) >= toleranceM(f))
      .map(({ f, d }) => `${f} moved ${(d * 1000).toFixed(2)} mm`);
    assert.deepEqual(moved, []);
  });
});
