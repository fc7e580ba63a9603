import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { applyLidarSensorModel, makeSensorScratch } from '../../../src/processing/recording-simulator/lidar-sensor-model.ts';
import { makeGaussian, makeRandom } from '../../../src/processing/geometry/prng.ts';

const width = 256;
const height = 192;
const intrinsics = { fx: 187, fy: 187, cx: 129, cy: 96 };

function run(ideal: Float32Array, seed = 1, gaussian?: () => number): { depthMm: Uint16Array; confidence: Uint8Array } {
  const out = { depthMm: new Uint16Array(width * height), confidence: new Uint8Array(width * height) };
  applyLidarSensorModel(ideal, width, height, intrinsics, makeRandom(seed), gaussian ?? makeGaussian(makeRandom(seed + 1)), makeSensorScratch(width, height), out);
  return out;
}

function wall(depthM: number): Float32Array {
  return new Float32Array(width * height).fill(depthM);
}

function statistics(values: Uint16Array): { mean: number; sd: number } {
  let sum = 0, sumSq = 0;
  for (const v of values) { sum += v; sumSq += v * v; }
  const mean = sum / values.length;
  return { mean, sd: Math.sqrt(sumSq / values.length - mean * mean) };
}

describe('LiDAR sensor model', () => {
  it('adds unbiased noise that grows in proportion to range (a wall at 1 m and at 3 m)', () => {
    const near = statistics(run(wall(1)).depthMm);
    const far = statistics(run(wall(3)).depthMm);
    assert.ok(Math.abs(near.mean - 1000) < 0.5, `mean at 1 m: ${near.mean}`);
    assert.ok(Math.abs(far.mean - 3000) < 1.5, `mean at 3 m: ${far.mean}`);
    // Per pixel 0.25% and per 4x4 block 0.15% of range, the pixel part partly averaged by the smoothing.
    assert.ok(near.sd > 1 && near.sd < 4, `sd at 1 m: ${near.sd}`);
    assert.ok(far.sd / near.sd > 2.5 && far.sd / near.sd < 3.5, `ratio ${far.sd / near.sd}`);
  });

  it('stores whole millimetres, as round(metres x 1000)', () => {
    const out = run(wall(1.2345), 1, () => 0);
    assert.ok(out.depthMm.every((v) => v === 1235 || v === 1234));
  });

  it('smooths detail finer than 4 pixels: a 1-pixel 2 cm bump is spread over its neighbours', () => {
    const ideal = wall(1);
    const centre = 96 * width + 128;
    ideal[centre] = 0.98;
    const out = run(ideal, 1, () => 0);
    assert.ok(out.depthMm[centre] >= 998, `bump reads ${out.depthMm[centre]} mm`);
    assert.ok(out.depthMm[centre + 1] < 1000 && out.depthMm[centre + 2 * width] < 1000, 'neighbours feel the bump');
    assert.equal(out.depthMm[centre + 3], 1000, 'three pixels away nothing changes');
  });

  it('puts flying pixels between the surfaces at a silhouette, mostly with low confidence, and nowhere else', () => {
    const ideal = wall(3);
    for (let v = 0; v < height; v++) for (let u = 0; u < 128; u++) ideal[v * width + u] = 1;
    const out = run(ideal, 7);
    let flying = 0, flyingLow = 0, strayAway = 0;
    for (let v = 0; v < height; v++) {
      for (let u = 0; u < width; u++) {
        const mm = out.depthMm[v * width + u];
        const between = mm > 1100 && mm < 2900;
        if (u === 127 || u === 128) {
          if (between) { flying++; if (out.confidence[v * width + u] === 0) flyingLow++; }
        } else if (between) strayAway++;
      }
    }
    assert.equal(strayAway, 0);
    // Probability 0.5 per edge pixel on 2 x 192 edge pixels.
    assert.ok(flying > 150 && flying < 230, `flying pixels ${flying}`);
    assert.ok(flyingLow / flying > 0.65 && flyingLow / flying < 0.95, `low-confidence share ${flyingLow / flying}`);
  });

  it('rates confidence high near and facing, medium beyond 3.5 m, low beyond the 5 m range', () => {
    assert.ok(run(wall(1.5)).confidence.every((c) => c === 2));
    assert.ok(run(wall(4)).confidence.every((c) => c === 1));
    assert.ok(run(wall(6)).confidence.every((c) => c === 0));
  });

  it('rates a steeply slanted surface lower than a facing one (incidence from the depth gradient)', () => {
    // A plane whose depth grows 3 cm per pixel at 1.5 m: slope 3.7 (75 degrees from facing).
    const ideal = new Float32Array(width * height);
    for (let v = 0; v < height; v++) for (let u = 0; u < width; u++) ideal[v * width + u] = 1.5 + 0.03 * (u - 128) * (1.5 / 1.5);
    const out = run(ideal, 3);
    const centre = out.confidence[96 * width + 128];
    assert.equal(centre, 1);
  });

  it('is deterministic for a seed', () => {
    assert.deepEqual(run(wall(2), 5).depthMm, run(wall(2), 5).depthMm);
    assert.notDeepEqual(run(wall(2), 5).depthMm, run(wall(2), 6).depthMm);
  });
});
