import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { inRegion, sweptRegion, type PersonRegion } from '../../../src/processing/recording-reconstruction/person-segmentation.ts';

// A 21 x 21 grid of 4 cm cells, two layers, centred on the person at (0, 0): layer 0 holds the trunk
// (the centre cell) and one arm cell 40 cm to the side, as one sample frame saw them; layer 1 the trunk only.
const CELL_M = 0.04, N = 21;
function region(): PersonRegion {
  const mask = new Uint8Array(N * N * 2);
  const at = (x: number, z: number, h: number) => x + N * (z + N * h);
  mask[at(10, 10, 0)] = 1; mask[at(20, 10, 0)] = 1;
  mask[at(10, 10, 1)] = 1;
  return {
    floor: { normal: [0, 1, 0], d: 0, inlierFraction: 1, inliers: 1 }, cellM: CELL_M,
    originX: -N * CELL_M / 2, originZ: -N * CELL_M / 2, originH: 0.05, nx: N, nh: 2, nz: N, mask,
    bottomM: 0, topM: 1.8, centre: [0, 0.9, 0], points: 100, droppedClusters: 0,
  };
}

describe('sweptRegion (a person turning in place)', () => {
  it('fills each height layer out to a disc about the person\'s centre, as wide as that layer\'s farthest cell', () => {
    const swept = sweptRegion(region());
    const h0 = 0.06, h1 = 0.1;
    // The arm, seen at +x in one sample frame, is in the region at every angle round the turn.
    for (let deg = 0; deg < 360; deg += 15) {
      const a = (deg * Math.PI) / 180;
      assert.ok(inRegion(swept, 0.38 * Math.cos(a), h0, 0.38 * Math.sin(a), 0.012), `arm at ${deg} degrees`);
    }
    // Not beyond the farthest cell, and a layer keeps its own width: layer 1 held only the trunk.
    assert.ok(!inRegion(swept, 0.0, h0, 0.44, 0.012));
    assert.ok(inRegion(swept, 0, h1, 0, 0.012));
    assert.ok(!inRegion(swept, 0.1, h1, 0.1, 0.012));
    // The region as found is left as it was.
    assert.ok(!inRegion(region(), 0, h0, 0.38, 0.012));
  });
});
