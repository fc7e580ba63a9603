// A phone recording's reconstruction stands the person on the plane y = 0 and says so
// (CaptureHints.floorAtZero): the canonical frame then takes that plane as the floor instead of
// searching the capture for one, which found a closed sole's plane on one reconstruction and a plane
// across the tops of the feet, 33 mm up, on the next (docs/recording-reconstruction.md).
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { toCanonical } from '../../../src/processing/measure/canonical-frame.ts';
import { sampleSurface } from '../../../src/processing/geometry/surface-sample.ts';
import { measureModelBody, modelParams } from '../../support/model-measurement.ts';

/** The body's surface sampled (m, y up, soles at y = 0), each point raised by liftM. */
function bodyPoints(positions: Float32Array, indices: Uint32Array, liftM: number): Float32Array {
  const points = sampleSurface(positions, indices, 60000, 3);
  for (let i = 1; i < points.length; i += 3) points[i] += liftM;
  return points;
}

describe('a capture whose floor is known to be y = 0', () => {
  let positions: Float32Array;
  let indices: Uint32Array;
  let topM = 0;
  before(() => {
    const body = measureModelBody(modelParams(undefined, { 0: 0.4 }));
    positions = body.result.canonical.positions;
    indices = body.model.triangles;
    for (let i = 1; i < positions.length; i += 3) topM = Math.max(topM, positions[i]);
  });

  it('measures heights from that plane, even where the capture holds nothing near it', () => {
    // Feet lost 4 cm above the floor: the capture's lowest points are not the floor.
    const points = bodyPoints(positions, indices, 0.04);
    const known = toCanonical(points, points.length / 3, null, { unit: 'm', upAxis: '+y', floorAtZero: true });
    const searched = toCanonical(points, points.length / 3, null, { unit: 'm', upAxis: '+y' });
    assert.equal(known.diagnostics.floorSource, 'hint');
    assert.equal(searched.diagnostics.floorSource, 'search');
    assert.ok(Math.abs(known.statureM - (topM + 0.04)) < 0.005, `known floor: stature ${known.statureM.toFixed(4)} m, top ${(topM + 0.04).toFixed(4)} m`);
    // Without the hint the lowest points stand in for the floor and the stature loses the 4 cm.
    assert.ok(Math.abs(searched.statureM - topM) < 0.005, `searched: stature ${searched.statureM.toFixed(4)} m`);
  });

  it('agrees with the search where the capture does stand on y = 0', () => {
    const points = bodyPoints(positions, indices, 0);
    const known = toCanonical(points, points.length / 3, null, { unit: 'm', upAxis: '+y', floorAtZero: true });
    const searched = toCanonical(points, points.length / 3, null, { unit: 'm', upAxis: '+y' });
    assert.ok(Math.abs(known.statureM - searched.statureM) < 0.003, `${known.statureM.toFixed(4)} against ${searched.statureM.toFixed(4)} m`);
  });
});
