import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { dropBesideNoReturn } from '../../../src/processing/recording-reconstruction/depth-filter.ts';
import { BLOCK_SIDE, BLOCK_VOXELS, createVoxelBlocks } from '../../../src/processing/recording-reconstruction/sparse-voxel-blocks.ts';
import { createFusionScratch, integrateFrame } from '../../../src/processing/recording-reconstruction/tsdf-integration.ts';

// A small depth map, camera = model frame (OpenCV axes): the person's readings, a wall at 1 m, fill
// the columns u < 16; the columns u ≥ 16 returned nothing (raw 0: empty space beyond the range).
const width = 32, height = 24, intrinsics = { fx: 300, fy: 300, cx: 20.5, cy: 11.5 };
const identity = new Float64Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);

function frame() {
  const rawDepthMm = new Uint16Array(width * height), depthM = new Float32Array(width * height), weight = new Float32Array(width * height);
  for (let v = 0; v < height; v++) for (let u = 0; u < 16; u++) { rawDepthMm[v * width + u] = 1000; depthM[v * width + u] = 1; weight[v * width + u] = 1; }
  return { rawDepthMm, depthM, weight };
}

/** Each observed voxel's tsdf by the image column it projects to (as the fusion projects it). */
function observedByColumn(noReturnWeight: number, dropBeside: boolean): Map<number, number[]> {
  const { rawDepthMm, depthM, weight } = frame();
  if (dropBeside) dropBesideNoReturn(rawDepthMm, depthM, weight, width, height);
  const grid = createVoxelBlocks(0.005, 0.015);
  integrateFrame(grid, { depthM, weight, width, height, intrinsics, rawDepthMm, noReturnWeight }, identity, createFusionScratch(), 1);
  const byColumn = new Map<number, number[]>();
  for (let b = 0; b < grid.blockCount; b++) {
    for (let l = 0; l < BLOCK_VOXELS; l++) {
      const index = b * BLOCK_VOXELS + l;
      if (grid.weight[index] === 0) continue;
      const x = (grid.blockCoords[3 * b] * BLOCK_SIDE + (l & 7) + 0.5) * 0.005, z = (grid.blockCoords[3 * b + 2] * BLOCK_SIDE + (l >> 6) + 0.5) * 0.005;
      const u = Math.round((intrinsics.fx * x) / z + intrinsics.cx);
      const list = byColumn.get(u) ?? [];
      list.push(grid.tsdf[index]);
      byColumn.set(u, list);
    }
  }
  return byColumn;
}

describe('pixels that returned nothing', () => {
  it('drop the readings beside them (the four neighbours), as a depth jump drops both its sides', () => {
    const { rawDepthMm, depthM, weight } = frame();
    assert.equal(dropBesideNoReturn(rawDepthMm, depthM, weight, width, height), height);
    for (let v = 0; v < height; v++) {
      assert.equal(depthM[v * width + 15], 0); assert.equal(weight[v * width + 15], 0);
      assert.equal(depthM[v * width + 14], 1); assert.equal(weight[v * width + 14], 1);
    }
  });

  it('carve the voxels they see as free space (tsdf +1), except the column beside a reading', () => {
    const carved = observedByColumn(1, true);
    const far = [...carved.entries()].filter(([u]) => u >= 17);
    assert.ok(far.length > 0, 'voxels seen through empty pixels were observed');
    for (const [u, values] of far) for (const t of values) assert.equal(t, 1, `column ${u}`);
    assert.equal(carved.get(16), undefined, 'the empty column beside the readings carves nothing');
  });

  it('teach nothing without the raw depth or with a carving weight of 0 (the fusion as before)', () => {
    for (const columns of [observedByColumn(0, false), observedByColumn(0, true)]) {
      for (const u of columns.keys()) assert.ok(u < 16, `column ${u} observed`);
    }
  });
});
