import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_DEPTH_FILTER, filterDepth } from '../../../src/processing/recording-reconstruction/depth-filter.ts';
import { registerToModel } from '../../../src/processing/recording-reconstruction/sdf-registration.ts';
import { multiply4, twistAbout, rotationAngle, invertRigid } from '../../../src/processing/recording-reconstruction/rigid-transform.ts';
import { createVoxelBlocks, voxelIndex } from '../../../src/processing/recording-reconstruction/sparse-voxel-blocks.ts';
import { extractSurfacePoints } from '../../../src/processing/recording-reconstruction/surface-points.ts';
import { createFusionScratch, integrateFrame, MAX_VOXEL_WEIGHT, meansToSums, pixelAt, sumsToMeans } from '../../../src/processing/recording-reconstruction/tsdf-integration.ts';
import { appendSilhouettePoints, isSilhouettePixel } from '../../../src/processing/recording-reconstruction/silhouette-pixels.ts';
import { renderRecording, walkPoses, capsulePerson } from '../../support/analytic-recording.ts';

const centre: [number, number, number] = [0, 1, 0];
const radiusM = 0.15;

function identity(): Float64Array {
  const m = new Float64Array(16);
  m[0] = m[5] = m[10] = m[15] = 1;
  return m;
}

function fuse(recording: ReturnType<typeof renderRecording>) {
  const grid = createVoxelBlocks(0.005, 0.015);
  const scratch = createFusionScratch();
  const pixels = recording.width * recording.height;
  const depthM = new Float32Array(pixels), weight = new Float32Array(pixels);
  for (const f of recording.frames) {
    filterDepth(f, recording.width, recording.height, DEFAULT_DEPTH_FILTER, depthM, weight);
    integrateFrame(grid, { depthM, weight, width: recording.width, height: recording.height, intrinsics: f.intrinsics }, f.cameraToWorld, scratch);
  }
  return grid;
}

describe('TSDF fusion on a sparse voxel grid', () => {
  it('projects voxels to the pixel Math.round gives, halves and the value just below one half included, and nothing outside the image', () => {
    const below = 0.49999999999999994; // 0.5 − 2⁻⁵⁴: below + 0.5 rounds to 1
    const values = [below, -below, 0.5, -0.5, -0.5000000000000001, 1.5, -1.5, 2.5, 255.5, 255.49999999999997, 191.5000000000001, 191.49999999999997, -0.3, 0, 1e-300, -1e-300, 12.7, -12.7, 300, -300, NaN, Infinity];
    for (let k = 0; k < 2000; k++) values.push((k - 1000) / 8 + (k % 3 - 1) * 1e-15, (k * 0.37) % 256);
    const width = 256, height = 192;
    const expected = (x: number, y: number) => {
      const u = Math.round(x), v = Math.round(y);
      return u >= 0 && u < width && v >= 0 && v < height ? v * width + u + 0 : -1;
    };
    for (const x of values) {
      for (const y of [below, 0.5, 95.5, 191.49999999999997, 191.5, -0.5, 7]) {
        assert.equal(pixelAt(x, y, width, height), expected(x, y), `x = ${x}, y = ${y}`);
        assert.equal(pixelAt(y, x, width, height), expected(y, x), `x = ${y}, y = ${x}`);
      }
    }
  });

  it('fuses as running sums, then divided once, to the running mean\'s field within 1e-6 of the truncation and with the same weights', () => {
    const recording = renderRecording({ body: [{ kind: 'sphere', centre, radius: radiusM }], floor: false }, walkPoses(48, 1.0, 1.0, 360, 1.0), { noiseSigmaM: 0.003, seed: 4 });
    // Each reading with 8 times its weight, so that many voxels reach the cap. The second field: the
    // first half of the frames as means, then as sums (meansToSums in between), divided at the end.
    const means = createVoxelBlocks(0.005, 0.015), mixed = createVoxelBlocks(0.005, 0.015);
    const meanScratch = createFusionScratch(), mixedScratch = createFusionScratch();
    const depthM = new Float32Array(recording.width * recording.height), weight = new Float32Array(depthM.length);
    recording.frames.forEach((f, t) => {
      if (t === 24) meansToSums(mixed);
      filterDepth(f, recording.width, recording.height, DEFAULT_DEPTH_FILTER, depthM, weight);
      for (let i = 0; i < weight.length; i++) weight[i] *= 8;
      const frame = { depthM, weight, width: recording.width, height: recording.height, intrinsics: f.intrinsics };
      integrateFrame(means, frame, f.cameraToWorld, meanScratch);
      integrateFrame(mixed, frame, f.cameraToWorld, mixedScratch, 2, undefined, false, t >= 24);
    });
    sumsToMeans(mixed);
    assert.equal(mixed.blockCount, means.blockCount);
    let capped = 0, maxDifference = 0;
    for (let i = 0; i < means.blockCount * 512; i++) {
      assert.equal(mixed.weight[i], means.weight[i]);
      if (means.weight[i] >= MAX_VOXEL_WEIGHT) capped++;
      maxDifference = Math.max(maxDifference, Math.abs(mixed.tsdf[i] - means.tsdf[i]));
    }
    assert.ok(maxDifference < 1e-6, `largest difference ${maxDifference}`);
    assert.ok(capped > 1000, `only ${capped} voxels reached the weight cap`);
  });

  it('recovers a sphere seen from a circle of 48 noisy depth maps within 0.5 mm of its radius', () => {
    const recording = renderRecording({ body: [{ kind: 'sphere', centre, radius: radiusM }], floor: false }, walkPoses(48, 1.0, 1.0, 360, 1.0), { noiseSigmaM: 0.003, seed: 4 });
    const points = extractSurfacePoints(fuse(recording), 2);
    let sum = 0, sumSq = 0, n = 0;
    for (let i = 0; i < points.length; i += 3) {
      // The band the circle of views sees squarely (poles are seen at grazing incidence only).
      if (Math.abs(points[i + 1] - centre[1]) > 0.1) continue;
      const errorM = Math.hypot(points[i] - centre[0], points[i + 1] - centre[1], points[i + 2] - centre[2]) - radiusM;
      sum += errorM; sumSq += errorM * errorM; n++;
    }
    assert.ok(n > 5000, `only ${n} surface points`);
    const meanMm = (1000 * sum) / n, rmsMm = 1000 * Math.sqrt(sumSq / n);
    assert.ok(Math.abs(meanMm) < 0.5, `mean radial error ${meanMm.toFixed(2)} mm`);
    assert.ok(rmsMm < 1.5, `rms radial error ${rmsMm.toFixed(2)} mm`);
  });

  it('registers a depth map to the fused model: a 3 degree turn and 1 cm shift of the pose are undone to within 0.2 degrees and 2 mm', () => {
    const scene = { body: capsulePerson(), floor: false };
    const recording = renderRecording(scene, walkPoses(36, 1.8, 1.0, 360), { noiseSigmaM: 0.002, seed: 2 });
    const grid = fuse(recording);
    const frame = recording.frames[5];
    const pixels = recording.width * recording.height;
    const depthM = new Float32Array(pixels), weight = new Float32Array(pixels);
    filterDepth(frame, recording.width, recording.height, DEFAULT_DEPTH_FILTER, depthM, weight);
    const points: number[] = [];
    for (let v = 0; v < recording.height; v += 2) for (let u = 0; u < recording.width; u += 2) {
      const z = depthM[v * recording.width + u];
      if (z > 0) points.push(((u - frame.intrinsics.cx) / frame.intrinsics.fx) * z, ((v - frame.intrinsics.cy) / frame.intrinsics.fy) * z, z);
    }
    const disturbance = twistAbout(new Float64Array(16), 0, (3 * Math.PI) / 180, 0, 0.01, 0, 0, 0, 0.9, 0);
    const pose = multiply4(new Float64Array(16), disturbance, frame.cameraToWorld);
    const result = registerToModel(grid, Float32Array.from(points), points.length / 3, pose, [0, 0.9, 0]);
    assert.ok(result.converged);
    const residual = multiply4(new Float64Array(16), pose, invertRigid(new Float64Array(16), frame.cameraToWorld));
    const angleDeg = (rotationAngle(residual) * 180) / Math.PI;
    // Translation of the body centre under the residual transform.
    const c = [0, 0.9, 0];
    const shiftMm = 1000 * Math.hypot(
      residual[0] * c[0] + residual[4] * c[1] + residual[8] * c[2] + residual[12] - c[0],
      residual[1] * c[0] + residual[5] * c[1] + residual[9] * c[2] + residual[13] - c[1],
      residual[2] * c[0] + residual[6] * c[1] + residual[10] * c[2] + residual[14] - c[2],
    );
    assert.ok(angleDeg < 0.2, `residual rotation ${angleDeg.toFixed(3)} deg`);
    assert.ok(shiftMm < 2, `residual shift ${shiftMm.toFixed(2)} mm`);
  });

  it('stops the behind band at a pixel\'s limit beyond τ, and leaves the band within τ alone', () => {
    // A wall 1 m in front of the camera (identity pose), τ = 35 mm, band 1.5 τ = 52.5 mm.
    const width = 64, height = 48;
    const depthM = new Float32Array(width * height).fill(1), weight = new Float32Array(width * height).fill(1);
    const intrinsics = { fx: 50, fy: 50, cx: 32, cy: 24 };
    const fuseWall = (limit: Float32Array | null) => {
      const grid = createVoxelBlocks(0.005, 0.035);
      integrateFrame(grid, { depthM, weight, width, height, intrinsics, behindLimitM: limit }, identity(), createFusionScratch(), 2, 1.5);
      // Voxel centres on the optical axis at z = (k + 0.5) · 5 mm: k = 203 is 17.5 mm behind the wall, 207 is 37.5 mm (beyond τ, within the band and an allocated block).
      const at = (k: number) => { const i = voxelIndex(grid, 0, 0, k); return { tsdf: grid.tsdf[i], weight: grid.weight[i] }; };
      return { within: at(203), beyond: at(207) };
    };
    const free = fuseWall(null), limited = fuseWall(new Float32Array(width * height).fill(0.01));
    assert.equal(free.beyond.tsdf, -1);
    assert.equal(free.beyond.weight, 1);
    assert.equal(limited.beyond.weight, 0, 'beyond τ and the 10 mm limit: left alone');
    assert.ok(Math.abs(free.within.tsdf - -0.5) < 1e-6 && limited.within.tsdf === free.within.tsdf && limited.within.weight === 1, 'within τ: the same');
  });

  it('counts a reading beside no reading, the background or a depth jump as silhouette, and an inner reading not', () => {
    const width = 5, height = 5, depthM = new Float32Array(25).fill(2), weight = new Float32Array(25).fill(1);
    assert.equal(isSilhouettePixel(depthM, weight, width, height, 2, 2, 2, 0.035), false);
    assert.equal(isSilhouettePixel(depthM, weight, width, height, 0, 2, 2, 0.035), true, 'image border');
    depthM[2 * width + 3] = 0;
    assert.equal(isSilhouettePixel(depthM, weight, width, height, 2, 2, 2, 0.035), true, 'beside no reading');
    depthM[2 * width + 3] = 2; weight[1 * width + 2] = -1;
    assert.equal(isSilhouettePixel(depthM, weight, width, height, 2, 2, 2, 0.035), true, 'beside the background');
    weight[1 * width + 2] = 1; depthM[3 * width + 2] = 1.9;
    assert.equal(isSilhouettePixel(depthM, weight, width, height, 2, 2, 2, 0.035), true, 'beside a reading 10 cm nearer');
    depthM[3 * width + 2] = 1.98;
    assert.equal(isSilhouettePixel(depthM, weight, width, height, 2, 2, 2, 0.035), false, 'a 2 cm step is no silhouette');
  });

  it('fuses a limb one pixel wide that every 2nd pixel misses when silhouettes allocate', () => {
    // A vertical line of readings in the odd column 33 of a 64 x 48 map, 2 m away.
    const width = 64, height = 48, intrinsics = { fx: 60, fy: 60, cx: 31.5, cy: 23.5 };
    const depthM = new Float32Array(width * height), weight = new Float32Array(width * height);
    for (let v = 10; v < 38; v++) { depthM[v * width + 33] = 2; weight[v * width + 33] = 1; }
    const frame = { depthM, weight, width, height, intrinsics };
    const sampledOnly = createVoxelBlocks(0.005, 0.035), withSilhouettes = createVoxelBlocks(0.005, 0.035);
    integrateFrame(sampledOnly, frame, identity(), createFusionScratch(), 2, 1.5, false);
    integrateFrame(withSilhouettes, frame, identity(), createFusionScratch(), 2, 1.5, true);
    assert.equal(sampledOnly.blockCount, 0);
    assert.ok(withSilhouettes.blockCount > 0, `blocks ${withSilhouettes.blockCount}`);
    // The voxel on the line's ray just behind its reading (x = 1.5 px / 60 px per m × 2 m) is inside.
    const voxelM = 0.005, x = ((33 - 31.5) / 60) * 2.01, index = voxelIndex(withSilhouettes, Math.floor(x / voxelM), Math.floor(0 / voxelM), Math.floor(2.01 / voxelM));
    assert.ok(index >= 0 && withSilhouettes.tsdf[index] < 0, `tsdf ${index >= 0 ? withSilhouettes.tsdf[index] : 'unallocated'}`);
  });

  it('appends the camera-frame points of the silhouette readings off the registration grid, and no inner reading', () => {
    // A 4 x 4 patch of readings 2 m away at u, v = 1..4 of a 6 x 6 map; every 2nd pixel is a point already.
    const width = 6, height = 6, k = { fx: 100, fy: 100, cx: 2.5, cy: 2.5 };
    const depthM = new Float32Array(36), weight = new Float32Array(36);
    for (let v = 1; v <= 4; v++) for (let u = 1; u <= 4; u++) { depthM[v * width + u] = 2; weight[v * width + u] = 1; }
    const out = new Float32Array(3 * 20);
    const n = appendSilhouettePoints(depthM, weight, width, height, k, 2, 0.035, out, 1);
    // 12 edge readings, less (2, 4), (4, 2) and (4, 4) on the grid; the inner (3, 3) is no silhouette.
    assert.equal(n, 1 + 9);
    const points = Array.from({ length: 9 }, (_, i) => [out[3 * (1 + i)], out[3 * (1 + i) + 1], out[3 * (1 + i) + 2]]);
    assert.deepEqual(points[0], [((1 - 2.5) / 100) * 2, ((1 - 2.5) / 100) * 2, 2].map(Math.fround));
    assert.ok(!points.some(([x, y]) => Math.abs(x - ((3 - 2.5) / 100) * 2) < 1e-6 && Math.abs(y - ((3 - 2.5) / 100) * 2) < 1e-6), 'no point at the inner (3, 3)');
    assert.equal(appendSilhouettePoints(depthM, weight, width, height, k, 2, 0.035, out, 18), 20, 'stops when the buffer is full');
  });
});
