import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { extendFeetToFloor } from '../../../src/processing/recording-reconstruction/floor-detection.ts';

describe('extendFeetToFloor', () => {
  it('repeats each point below the foot cut plus a step straight down to the floor, ending at y = 0', () => {
    const out = extendFeetToFloor(Float32Array.from([0.1, 0.0115, 0.2, 0.3, 0.5, 0.4]), 0.012, 0.005);
    // The high point is kept as it is; the low one gains copies at 6.5, 1.5 and 0 mm, same x and z.
    assert.equal(out.length, 3 * (2 + 3));
    assert.deepEqual(Array.from(out.subarray(0, 6), (v) => Math.round(v * 1e4) / 1e4), [0.1, 0.0115, 0.2, 0.3, 0.5, 0.4]);
    const ys = [out[7], out[10], out[13]].map((v) => Math.round(v * 1e4) / 1e4);
    assert.deepEqual(ys, [0.0065, 0.0015, 0]);
    for (const i of [6, 9, 12]) { assert.equal(out[i], out[0]); assert.equal(out[i + 2], out[2]); }
  });

  it('returns the points unchanged when none is near the floor', () => {
    const points = Float32Array.from([0, 0.5, 0, 0, 1, 0]);
    assert.equal(extendFeetToFloor(points, 0.012, 0.005), points);
  });
});
