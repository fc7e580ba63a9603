import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { allocateBlock, BLOCK_SIDE, BLOCK_VOXELS, createVoxelBlocks, type SparseVoxelBlocks } from '../../../src/processing/recording-reconstruction/sparse-voxel-blocks.ts';
import { DEFAULT_SILHOUETTE_OFFSET, moveAlongFieldNormals, silhouetteBoundaryPx, silhouetteOffsets, type SilhouetteFrame } from '../../../src/processing/recording-reconstruction/silhouette-offset.ts';
import { median } from '../../../src/processing/statistics/median.ts';
import { extractSurfacePoints } from '../../../src/processing/recording-reconstruction/surface-points.ts';
import { lookAt, renderRecording } from '../../support/analytic-recording.ts';

// A fused field given exactly: the truncated signed distance (τ = 35 mm, 5 mm voxels, a turn's) of a
// cylinder of radius rFieldM about an axis tilted 2.5° off vertical, between 0.6 and 1.2 m up; the
// depth maps are rendered from a capsule of radius 15 cm about the same axis (the true body), from 24
// cameras around it 1.9–2.2 m away, f = 213 px. The tilt and the distances make the silhouettes cross
// pixels at every sub-pixel place.
const voxelM = 0.005, truncM = 0.035, trueRadiusM = 0.15;
const axisA = [-0.03, 0.2, 0] as [number, number, number], axisB = [0.03, 1.6, 0] as [number, number, number];

/** Distance (m) from (x, y, z) to the tilted axis line. */
function fromAxisM(x: number, y: number, z: number): number {
  const ax = axisB[0] - axisA[0], ay = axisB[1] - axisA[1], az = axisB[2] - axisA[2];
  const len = Math.hypot(ax, ay, az), ux = ax / len, uy = ay / len, uz = az / len;
  const wx = x - axisA[0], wy = y - axisA[1], wz = z - axisA[2];
  const along = wx * ux + wy * uy + wz * uz;
  return Math.hypot(wx - along * ux, wy - along * uy, wz - along * uz);
}

function cylinderField(rFieldM: number): SparseVoxelBlocks {
  const grid = createVoxelBlocks(voxelM, truncM);
  const blockM = voxelM * BLOCK_SIDE;
  for (let bx = -6; bx < 6; bx++) for (let by = Math.floor(0.6 / blockM); by < Math.ceil(1.2 / blockM); by++) for (let bz = -6; bz < 6; bz++) {
    const b = allocateBlock(grid, bx, by, bz);
    for (let l = 0; l < BLOCK_VOXELS; l++) {
      const i = bx * BLOCK_SIDE + (l & 7), j = by * BLOCK_SIDE + ((l >> 3) & 7), k = bz * BLOCK_SIDE + (l >> 6);
      const d = fromAxisM((i + 0.5) * voxelM, (j + 0.5) * voxelM, (k + 0.5) * voxelM) - rFieldM;
      grid.tsdf[b * BLOCK_VOXELS + l] = Math.max(-1, Math.min(1, d / truncM));
      grid.weight[b * BLOCK_VOXELS + l] = 10;
    }
  }
  return grid;
}

function silhouetteFrames(): { frames: SilhouetteFrame[]; width: number; height: number } {
  const poses = Array.from({ length: 24 }, (_, k) => {
    const a = (k * 2 * Math.PI) / 24, r = 1.9 + 0.0131 * k;
    return lookAt([r * Math.sin(a), 0.9, r * Math.cos(a)], [0, 0.9, 0]);
  });
  const recording = renderRecording({ floor: false, body: [{ kind: 'capsule', a: axisA, b: axisB, radius: trueRadiusM }] }, poses);
  const frames = recording.frames.map((frame) => ({
    frame, personWeight: Float32Array.from(frame.depthMm, (d) => (d > 0 ? 1 : 0)), cameraToModel: frame.cameraToWorld,
  }));
  return { frames, width: recording.width, height: recording.height };
}

describe('a fused body against the silhouettes its frames saw', () => {
  const { frames, width, height } = silhouetteFrames();

  for (const [label, rFieldM] of [['2 mm too small', trueRadiusM - 0.002], ['the true size', trueRadiusM], ['3 mm too large', trueRadiusM + 0.003]] as const) {
    it(`reads how far a fused cylinder ${label} lies inside the boundary rays, within 0.3 mm`, () => {
      const result = silhouetteOffsets(cylinderField(rFieldM), frames, width, height);
      assert.ok(result.count > 1000, `only ${result.count} boundaries resolved`);
      const offsetM = median(result.offsetsM);
      const expectedM = trueRadiusM - rFieldM;
      assert.ok(Math.abs(offsetM - expectedM) < 0.0003, `offset ${(offsetM * 1000).toFixed(2)} mm, expected ${(expectedM * 1000).toFixed(2)} mm`);
    });
  }

  it('finds the same offset with the lowest sample alone on an exact field (no noise to fit away)', () => {
    const result = silhouetteOffsets(cylinderField(trueRadiusM - 0.002), frames, width, height, { ...DEFAULT_SILHOUETTE_OFFSET, fitSteps: 0 });
    assert.ok(Math.abs(median(result.offsetsM) - 0.002) < 0.0003);
  });

  it('leaves out boundaries where the field is unknown (the capsule above and below the field)', () => {
    const result = silhouetteOffsets(cylinderField(trueRadiusM), frames, width, height);
    assert.ok(result.skipped > 0.3 * result.count, `${result.skipped} skipped of ${result.count + result.skipped}`);
  });
});

describe('where a silhouette ends in the raw depth', () => {
  // One row: the person at 2.000 m up to u = 3, then what the test puts at u = 4, and a wall at 3.000 m beyond.
  const row = (at4: number): Uint16Array => Uint16Array.from([2000, 2000, 2000, 2000, at4, 3000, 3000, 3000]);
  const boundary = (at4: number) => silhouetteBoundaryPx(row(at4), 8, 1, 3, 0, 1, 0, 2.0, DEFAULT_SILHOUETTE_OFFSET);

  it('ends half a pixel beyond the last reading when the next pixel sees the wall', () => {
    assert.equal(boundary(3000), 0.5);
  });
  it('ends half a pixel beyond the last reading when the next pixel returned nothing', () => {
    assert.equal(boundary(0), 0.5);
  });
  it('counts a mixed reading nearer the person than the wall as the person (more than half of it covered)', () => {
    assert.equal(boundary(2300), 1.5);
    assert.equal(boundary(2700), 0.5);
  });
  it('counts a reading on the same surface (dropped by the jump filter) as the person', () => {
    assert.equal(boundary(2010), 1.5);
  });
  it('leaves the edge out when something nearer lies beyond it, or the image ends', () => {
    assert.equal(boundary(1500), null);
    assert.equal(silhouetteBoundaryPx(row(3000), 8, 1, 7, 0, 1, 0, 3.0, DEFAULT_SILHOUETTE_OFFSET), null);
  });
});

describe('moving a fused surface along its normals', () => {
  it('moves every point of a cylinder outward by the shift (radius +1.5 mm, within 0.05 mm)', () => {
    const grid = cylinderField(0.12);
    const points = extractSurfacePoints(grid, 1);
    const radius = (p: Float32Array) => { let s = 0; for (let i = 0; i < p.length; i += 3) s += fromAxisM(p[i], p[i + 1], p[i + 2]); return s / (p.length / 3); };
    const before = radius(points);
    const moved = moveAlongFieldNormals(grid, points, 0.0015);
    assert.ok(moved > 0.95 * (points.length / 3));
    assert.ok(Math.abs(radius(points) - before - 0.0015) < 0.00005, `moved ${((radius(points) - before) * 1000).toFixed(3)} mm`);
  });
});
