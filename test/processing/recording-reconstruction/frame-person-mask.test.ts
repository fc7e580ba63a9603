import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FEET_BORDER_TOLERANCE_M, maskPerson } from '../../../src/processing/recording-reconstruction/frame-person-mask.ts';
import type { PersonRegion } from '../../../src/processing/recording-reconstruction/person-segmentation.ts';

// An 8 x 8 depth map from a camera 1 m above the floor at z = 2 m, looking along world −z (OpenCV
// camera frame: y down, so world up is the image's top). Only the two bottom rows hold readings, each
// at the depth that puts it `heightM` above the floor: the person's feet running off the lower edge.
const W = 8, H = 8;
const K = { fx: 4, fy: 4, cx: 3.5, cy: 3.5 };
const CAMERA_TO_WORLD = Float64Array.from([1, 0, 0, 0, 0, -1, 0, 0, 0, 0, -1, 0, 0, 1, 2, 1]);
const CELL_M = 0.04, N = 100, NH = 60;

/** A region that holds every point within 2 m of the origin and 2.45 m of the floor. */
function everywhere(): PersonRegion {
  return {
    floor: { normal: [0, 1, 0], d: 0, inlierFraction: 1, inliers: 1 }, cellM: CELL_M,
    originX: -2, originZ: -2, originH: 0.05, nx: N, nh: NH, nz: N, mask: new Uint8Array(N * N * NH).fill(1),
    bottomM: 0, topM: 1.8, centre: [0, 0.9, 0], points: 100, droppedClusters: 0,
  };
}

/** The bottom two rows' readings at heightM above the floor, the rest without a reading. */
function feetAtBottomEdge(heightM: number): { depthM: Float32Array; weight: Float32Array } {
  const depthM = new Float32Array(W * H), weight = new Float32Array(W * H);
  for (let v = H - 2; v < H; v++) {
    for (let u = 0; u < W; u++) {
      // World height of a reading = 1 − ((v − cy) / fy) · z.
      depthM[v * W + u] = (1 - heightM) / ((v - K.cy) / K.fy);
      weight[v * W + u] = 1;
    }
  }
  return { depthM, weight };
}

function downBorderAt(heightM: number): number {
  const { depthM, weight } = feetAtBottomEdge(heightM);
  return maskPerson(depthM, weight, W, H, K, CAMERA_TO_WORLD, everywhere(), 0.012, 1, new Float32Array(3 * W * H)).downBorder;
}

describe('maskPerson: the feet at the image\'s lower edge', () => {
  it('does not count toes cut off 2 cm above the floor as the feet out of the picture', () => {
    assert.equal(downBorderAt(0.02), 0);
    assert.equal(downBorderAt(FEET_BORDER_TOLERANCE_M - 0.005), 0);
  });

  it('counts a person cut off above the tolerance (the shins, the knees) on the lower edge', () => {
    // Two rows of 8: both border rows (BORDER_PX = 2) touch the lower edge.
    assert.equal(downBorderAt(FEET_BORDER_TOLERANCE_M + 0.005), 2 * W);
    assert.equal(downBorderAt(0.45), 2 * W);
  });

  it('keeps the toes\' readings as the person\'s all the same', () => {
    const { depthM, weight } = feetAtBottomEdge(0.02);
    const result = maskPerson(depthM, weight, W, H, K, CAMERA_TO_WORLD, everywhere(), 0.012, 1, new Float32Array(3 * W * H));
    assert.equal(result.kept, 2 * W);
    assert.ok(Array.from(weight).every((w) => w >= 0));
  });
});
