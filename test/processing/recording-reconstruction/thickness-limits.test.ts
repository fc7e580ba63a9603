// How deep behind a reading a limb can reach (thickness-limits.ts): twice the reading's distance from
// the person's outline, never deeper than the limb really is, so a wide behind band does not tell
// voxels beyond a thin limb's far side "inside".
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { behindLimits } from '../../../src/processing/recording-reconstruction/thickness-limits.ts';

const W = 64, H = 48, F = 200;

function limitsOf(depthM: Float32Array): Float32Array {
  return behindLimits(depthM, new Float32Array(W * H).fill(1), W, H, F, new Float32Array(W * H), new Float32Array(W * H));
}

describe('behind limits from the distance to the outline', () => {
  it('reaches twice half a pixel at the outline and twice 10.5 pixels at the middle of a 21-pixel-wide limb, Infinity off the person', () => {
    // A vertical band of readings, columns 20..40, at 2 m: one pixel is 1 cm there.
    const depth = new Float32Array(W * H);
    for (let v = 0; v < H; v++) for (let u = 20; u <= 40; u++) depth[v * W + u] = 2;
    const limits = limitsOf(depth);
    const at = (u: number) => limits[24 * W + u];
    assert.ok(Math.abs(at(20) - 2 * 0.5 * 0.01) < 1e-9, `edge ${at(20)}`);
    assert.ok(Math.abs(at(30) - 2 * 10.5 * 0.01) < 1e-6, `middle ${at(30)}`);
    assert.equal(at(10), Number.POSITIVE_INFINITY);
  });

  it('never exceeds the depth through a cylinder seen side-on by more than a pixel', () => {
    // A horizontal cylinder of radius 4 cm at 2 m: each column's depth through it is 2·√(r² − x²).
    const r = 0.04, z0 = 2, pixelM = z0 / F;
    const depth = new Float32Array(W * H);
    const cx = W / 2;
    for (let v = 0; v < H; v++) {
      for (let u = 0; u < W; u++) {
        const x = (u - cx) * pixelM;
        if (Math.abs(x) < r) depth[v * W + u] = z0 - Math.sqrt(r * r - x * x);
      }
    }
    const limits = limitsOf(depth);
    for (let u = 0; u < W; u++) {
      const x = (u - cx) * pixelM;
      if (!(Math.abs(x) < r)) continue;
      const through = 2 * Math.sqrt(r * r - x * x);
      const limit = limits[24 * W + u];
      assert.ok(limit <= through + pixelM, `column ${u}: limit ${(1000 * limit).toFixed(1)} mm, depth through ${(1000 * through).toFixed(1)} mm`);
    }
  });

  it('counts the image border as outline', () => {
    const depth = new Float32Array(W * H).fill(2);
    const limits = limitsOf(depth);
    assert.ok(Math.abs(limits[0] - 2 * 0.5 * 0.01) < 1e-9, `corner ${limits[0]}`);
    assert.ok(limits[24 * W + 32] > 0.3, `centre ${limits[24 * W + 32]}`);
  });
});
