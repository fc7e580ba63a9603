// A capture whose floor was removed upstream (a phone recording's reconstruction) is not searched for
// one: a flat patch at its bottom stays the body's, and its lowest points are the soles.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { toCanonical } from '../../../src/processing/measure/canonical-frame.ts';
import { generateSyntheticBody, sampleSyntheticCloud } from '../../../src/processing/synthetic-body/generate.ts';

/** The body's cloud (soles at y = 0) with a 0.8 m x 0.8 m grid of floorCount points 15 mm above its soles. */
function withRaisedPatch(positions: Float32Array, floorCount: number): Float32Array {
  let minY = Infinity;
  for (let i = 1; i < positions.length; i += 3) minY = Math.min(minY, positions[i]);
  const out = new Float32Array(positions.length + 3 * floorCount);
  out.set(positions);
  const side = Math.ceil(Math.sqrt(floorCount));
  for (let i = 0, o = positions.length; i < floorCount; i++) {
    out[o++] = -0.4 + (0.8 * (i % side)) / side; out[o++] = minY + 0.015; out[o++] = -0.4 + (0.8 * Math.floor(i / side)) / side;
  }
  return out;
}

describe('the floorRemoved hint', () => {
  const body = generateSyntheticBody({ sex: 'male', heightM: 1.78, weightKg: 80, seed: 4 });
  const cloud = sampleSyntheticCloud(body, { count: 60_000, noiseSigmaM: 0.001, seed: 2 });
  const positions = withRaisedPatch(cloud.positions, 6000);
  const count = positions.length / 3;

  it('without it, a flat patch 15 mm above the soles is taken for the floor and the body is cut there', () => {
    const canonical = toCanonical(positions, count, null, { unit: 'm', upAxis: '+y' });
    assert.equal(canonical.diagnostics.floorFound, true);
    assert.ok(Number(canonical.diagnostics.floorPointsRemoved) >= 6000, `removed ${canonical.diagnostics.floorPointsRemoved}`);
  });

  it('with it, no floor is searched for: nothing is cut and y = 0 is the lowest point', () => {
    const canonical = toCanonical(positions, count, null, { unit: 'm', upAxis: '+y', floorRemoved: true });
    assert.equal(canonical.diagnostics.floorFound, false);
    assert.equal(canonical.diagnostics.floorPointsRemoved, 0);
    let minY = Infinity;
    for (let i = 1; i < 3 * canonical.count; i += 3) minY = Math.min(minY, canonical.points[i]);
    assert.ok(Math.abs(minY) < 0.003, `lowest point ${minY} m`);
    // The stature is the body's own, soles to crown (the patch inside the body's height changes nothing).
    assert.ok(Math.abs(canonical.statureM - 1.78) < 0.02, `stature ${canonical.statureM} m`);
  });
});
