import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { allocateBlock, BLOCK_SIDE, BLOCK_VOXELS, createVoxelBlocks, type SparseVoxelBlocks } from '../../../src/processing/recording-reconstruction/sparse-voxel-blocks.ts';
import { extractSurfacePoints } from '../../../src/processing/recording-reconstruction/surface-points.ts';
import { compensateSurfaceSmoothing } from '../../../src/processing/recording-reconstruction/surface-smoothing-compensation.ts';
import { lookAt } from '../../support/analytic-recording.ts';

// A fused field given exactly: the truncated signed distance (τ = 15 mm, 5 mm voxels) of a vertical
// cylinder about the y axis or of a vertical plane, observed everywhere near the surface; cameras on a
// 1.6 m circle at the cylinder's mid-height looking at its axis, f = 187 px (the simulated phone's).
const voxelM = 0.005, truncM = 0.015, focalPx = 187, ringM = 1.6;

function fieldOf(distanceM: (x: number, y: number, z: number) => number, extentM: number): SparseVoxelBlocks {
  const grid = createVoxelBlocks(voxelM, truncM);
  const blockM = voxelM * BLOCK_SIDE, blocks = Math.ceil(extentM / blockM);
  for (let bx = -blocks; bx < blocks; bx++) for (let by = -2; by < 2; by++) for (let bz = -blocks; bz < blocks; bz++) {
    const b = allocateBlock(grid, bx, by, bz);
    for (let l = 0; l < BLOCK_VOXELS; l++) {
      const i = bx * BLOCK_SIDE + (l & 7), j = by * BLOCK_SIDE + ((l >> 3) & 7), k = bz * BLOCK_SIDE + (l >> 6);
      const d = distanceM((i + 0.5) * voxelM, (j + 0.5) * voxelM, (k + 0.5) * voxelM);
      grid.tsdf[b * BLOCK_VOXELS + l] = Math.max(-1, Math.min(1, d / truncM));
      grid.weight[b * BLOCK_VOXELS + l] = 10;
    }
  }
  return grid;
}

const ring = (): Float64Array[] => Array.from({ length: 72 }, (_, k) => {
  const a = (k * 2 * Math.PI) / 72;
  return Float64Array.from(lookAt([ringM * Math.sin(a), 0, ringM * Math.cos(a)], [0, 0, 0], true));
});

/** Mean radial distance from the y axis of the points within 1 cm of y = 0 (m). */
function meanRadius(points: Float32Array): number {
  let sum = 0, n = 0;
  for (let i = 0; i < points.length; i += 3) if (Math.abs(points[i + 1]) < 0.01) { sum += Math.hypot(points[i], points[i + 2]); n++; }
  return sum / n;
}

describe('depth-smoothing compensation on the fused surface', () => {
  it('moves an ankle-sized cylinder (r = 3 cm) outward by ½·s²·(ρ/f)²/r, the smoothing bias of a head-on view', () => {
    const r = 0.03;
    const grid = fieldOf((x, _y, z) => Math.hypot(x, z) - r, 0.06);
    const points = extractSurfacePoints(grid, 1);
    const before = meanRadius(points);
    const moved = compensateSurfaceSmoothing(grid, points, ring(), [0, 0, 0], focalPx, { variancePx2: 1.5, maxShiftM: 0.003 });
    assert.ok(moved > 0.9 * (points.length / 3), `moved ${moved} of ${points.length / 3}`);
    const expected = 0.5 * 1.5 * ((ringM - r) / focalPx) ** 2 / r; // ≈ 1.8 mm
    const shift = meanRadius(points) - before;
    assert.ok(Math.abs(shift - expected) < 0.15 * expected, `shift ${(shift * 1000).toFixed(2)} mm, expected ${(expected * 1000).toFixed(2)} mm`);
  });

  it('leaves a flat surface where it is (no curvature, no smoothing bias)', () => {
    const grid = fieldOf((_x, _y, z) => z - 0.0123, 0.08);
    const points = extractSurfacePoints(grid, 1);
    const copy = Float32Array.from(points);
    compensateSurfaceSmoothing(grid, points, ring(), [0, 0, 0], focalPx, { variancePx2: 1.5, maxShiftM: 0.003 });
    let largest = 0;
    for (let i = 0; i < points.length; i++) largest = Math.max(largest, Math.abs(points[i] - copy[i]));
    assert.ok(largest < 1e-5, `largest move ${(largest * 1000).toFixed(4)} mm`);
  });

  it('moves nothing with a variance of 0, and never more than maxShiftM', () => {
    const grid = fieldOf((x, _y, z) => Math.hypot(x, z) - 0.012, 0.04);
    const points = extractSurfacePoints(grid, 1);
    const copy = Float32Array.from(points);
    assert.equal(compensateSurfaceSmoothing(grid, points, ring(), [0, 0, 0], focalPx, { variancePx2: 0, maxShiftM: 0.003 }), 0);
    assert.deepEqual(points, copy);
    compensateSurfaceSmoothing(grid, points, ring(), [0, 0, 0], focalPx, { variancePx2: 6, maxShiftM: 0.002 });
    for (let i = 0; i < points.length; i += 3) {
      const step = Math.hypot(points[i] - copy[i], points[i + 1] - copy[i + 1], points[i + 2] - copy[i + 2]);
      assert.ok(step <= 0.002 + 1e-6, `step ${(step * 1000).toFixed(3)} mm`);
    }
  });
});
