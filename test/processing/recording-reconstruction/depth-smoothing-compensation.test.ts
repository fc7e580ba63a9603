import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_DEPTH_FILTER, filterDepth } from '../../../src/processing/recording-reconstruction/depth-filter.ts';

// A vertical cylinder (a forearm-sized limb, radius 6 cm) 2 m in front of the camera, as the sensor's
// smoothing would report it: the ideal z-depth averaged over [1, 2, 2, 2, 1]/8 per axis (variance
// 1.5 px²), stored in whole millimetres. Camera: 256 x 192, f = 187 px, looking along +z.
const width = 256, height = 192, f = 187, cx = 127.5, cy = 95.5, radiusM = 0.06, distanceM = 2;
const intrinsics = { fx: f, fy: f, cx, cy };

/** Ideal z-depth of pixel column u (0 = background): ray x/z = (u − cx)/f against the cylinder x² + (z − d)² = r². */
function idealDepth(u: number): number {
  const t = (u - cx) / f;
  // (t·z)² + (z − d)² = r²  →  (1 + t²) z² − 2 d z + d² − r² = 0, nearer root.
  const a = 1 + t * t, b = -2 * distanceM, c = distanceM * distanceM - radiusM * radiusM;
  const disc = b * b - 4 * a * c;
  return disc < 0 ? 0 : (-b - Math.sqrt(disc)) / (2 * a);
}

function smoothedFrame() {
  const kernel = [1, 2, 2, 2, 1].map((k) => k / 8);
  const depthMm = new Uint16Array(width * height);
  for (let v = 0; v < height; v++) {
    for (let u = 0; u < width; u++) {
      const z = idealDepth(u);
      if (z === 0) continue;
      // Columns are identical down the image (a vertical cylinder), so the vertical kernel sums to 1.
      let sum = 0, weight = 0;
      for (let du = -2; du <= 2; du++) {
        const zz = idealDepth(u + du);
        if (zz === 0 || Math.abs(zz - z) > 0.03) continue;
        sum += kernel[du + 2] * zz; weight += kernel[du + 2];
      }
      depthMm[v * width + u] = Math.round((1000 * sum) / weight);
    }
  }
  return { frame: 0, timestampS: 0, depthMm, confidence: null, cameraToWorld: new Float64Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]), intrinsics };
}

/** Mean (filtered − ideal) depth over the limb's central pixels (|x| < 0.35 r, where the 5 x 5 window stays on the limb), mm. */
function centralBiasMm(variancePx2: number): number {
  const depthM = new Float32Array(width * height), weight = new Float32Array(width * height);
  filterDepth(smoothedFrame(), width, height, { ...DEFAULT_DEPTH_FILTER, smoothingVariancePx2: variancePx2 }, depthM, weight);
  let sum = 0, n = 0;
  for (let v = 10; v < height - 10; v++) {
    for (let u = 0; u < width; u++) {
      const x = ((u - cx) / f) * distanceM;
      const i = v * width + u;
      if (Math.abs(x) > 0.35 * radiusM || depthM[i] === 0) continue;
      sum += depthM[i] - idealDepth(u); n++;
    }
  }
  assert.ok(n > 100, `central pixels kept: ${n}`);
  return (1000 * sum) / n;
}

describe('depth-map smoothing compensation', () => {
  it('a smoothed limb reads about a millimetre too deep without compensation', () => {
    assert.ok(centralBiasMm(0) > 0.8, `bias ${centralBiasMm(0).toFixed(2)} mm`);
  });

  it('compensating the kernel variance (1.5 px²) removes at least two thirds of that bias (the rest is the curvature changing across the window)', () => {
    const before = centralBiasMm(0), after = centralBiasMm(1.5);
    assert.ok(Math.abs(after) < before / 3, `bias ${before.toFixed(2)} -> ${after.toFixed(2)} mm`);
  });
});
