// Where left and right sites land on a symmetric body: the acromion (the top of the shoulder above
// the fitted shoulder joint) and the widest/narrowest stretch of a limb must not flip between two
// readings under noise, or the two sides of one body read different girths.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildSlices } from '../../../src/processing/measure/slices.ts';
import { findAcromionS, KNEE_SOFTNESS_M } from '../../../src/processing/measure/limb-axes.ts';
import { extremumIndex, softExtremumIndex } from '../../../src/processing/measure/profile-extremum.ts';
import type { LimbAxis } from '../../../src/processing/measure/limb-axes.ts';
import { makeRandom as random } from '../../../src/processing/geometry/prng.ts';

const TOP_Y = 1.4, JOINT_X = 0.2;

/**
 * A shoulder top on one side (side·x > 0): y = TOP_Y − slope·(side·x − JOINT_X) − 3·ρ² over a
 * 10 x 10 cm patch about the vertical through the joint, 1 mm Gaussian-ish noise, plus a torso
 * wall far below so the stack has a stature.
 */
function shoulderPatch(slope: number, side: 1 | -1, seed: number): Float32Array {
  const rnd = random(seed);
  const n = 40000, pts = new Float32Array(3 * (n + 2));
  for (let i = 0; i < n; i++) {
    const u = (rnd() - 0.5) * 0.1, w = (rnd() - 0.5) * 0.1;
    const noise = (rnd() + rnd() + rnd() - 1.5) * 0.002;
    pts[3 * i] = side * (JOINT_X + u);
    pts[3 * i + 1] = TOP_Y - slope * u - 3 * (u * u + w * w) + noise;
    pts[3 * i + 2] = w;
  }
  // Two points at the floor and the crown so the slice stack spans a standing height.
  pts.set([0, 0, 0, 0, 1.6, 0], 3 * n);
  return pts;
}

function acromionY(slope: number, side: 1 | -1, seed: number): number {
  const pts = shoulderPatch(slope, side, seed);
  const stack = buildSlices(pts, pts.length / 3, 1.6);
  const axis: LimbAxis = { origin: [side * JOINT_X, 1.3, 0], dir: [0, -1, 0] };
  return 1.3 - findAcromionS(stack, axis, 0, side);
}

describe('acromion above the shoulder joint', () => {
  it('reads the same height on the mirrored shoulder of a symmetric body (different noise)', () => {
    for (const slope of [0, 0.3, 0.8]) {
      const left = acromionY(slope, 1, 11), right = acromionY(slope, -1, 12);
      assert.ok(Math.abs(left - right) < 0.0015, `slope ${slope}: left ${left.toFixed(4)} right ${right.toFixed(4)}`);
    }
  });

  it('moves continuously as the shoulder top tilts from a dome to a slope the line grazes', () => {
    // Steps of 0.05 in slope lengthen the surface run by a few mm each: a switch between the
    // dome's apex and the first meeting would show as a jump of 1-2 cm at one step.
    const ys: number[] = [];
    for (let k = 0; k <= 30; k++) ys.push(acromionY(0.05 * k, 1, 100 + k));
    for (let k = 1; k < ys.length; k++) {
      assert.ok(Math.abs(ys[k] - ys[k - 1]) < 0.004, `slope ${(0.05 * k).toFixed(2)}: ${(ys[k - 1] * 1000).toFixed(1)} -> ${(ys[k] * 1000).toFixed(1)} mm`);
    }
    // A level dome reads its apex; a steep slope where the line first meets it (below the apex).
    assert.ok(Math.abs(ys[0] - TOP_Y) < 0.002, `level: ${ys[0].toFixed(4)}`);
    assert.ok(ys[30] < TOP_Y - 0.015, `slope 1.5: ${ys[30].toFixed(4)}`);
  });
});

describe('acromion of a thin arm whose underside the line crosses first', () => {
  // A thin body's arm slopes away from the shoulder joint: the vertical through the joint, walked up
  // from 5 cm below it, starts in the armpit's air and first meets the arm's underside (4 cm below
  // the joint here), then runs inside the arm up to the shoulder's top (10 cm above the joint).
  function withUnderside(side: 1 | -1, seed: number): Float32Array {
    const top = shoulderPatch(0, side, seed);
    const rnd = random(seed + 1);
    const n = 20000, under = new Float32Array(3 * n);
    for (let i = 0; i < n; i++) {
      const u = (rnd() - 0.5) * 0.1, w = (rnd() - 0.5) * 0.1;
      under[3 * i] = side * (JOINT_X + u);
      under[3 * i + 1] = 1.26 + 2 * (u * u + w * w) + (rnd() - 0.5) * 0.002;
      under[3 * i + 2] = w;
    }
    const pts = new Float32Array(top.length + under.length);
    pts.set(top); pts.set(under, top.length);
    return pts;
  }
  const joint = (side: 1 | -1): LimbAxis => ({ origin: [side * JOINT_X, 1.3, 0], dir: [0, -1, 0] });

  it('reads the shoulder top above the joint, not the underside below it', () => {
    for (const side of [1, -1] as const) {
      const pts = withUnderside(side, 21);
      const stack = buildSlices(pts, pts.length / 3, 1.6);
      const y = 1.3 - findAcromionS(stack, joint(side), 0.05, side, 0);
      assert.ok(Math.abs(y - TOP_Y) < 0.003, `side ${side}: ${(1000 * y).toFixed(1)} mm`);
    }
  });

  it('read the underside when nothing said the joint is inside the body (the bug this guards)', () => {
    const pts = withUnderside(1, 21);
    const stack = buildSlices(pts, pts.length / 3, 1.6);
    const y = 1.3 - findAcromionS(stack, joint(1), 0.05, 1);
    assert.ok(y < 1.28, `${(1000 * y).toFixed(1)} mm`);
  });
});

describe('widest or narrowest stretch of a limb profile', () => {
  /** A radius profile (m) flat to ±0.1 mm over bins 12-28 and rising 1 mm a bin outside. */
  function flatBottom(seed: number): Float64Array {
    const rnd = random(seed);
    return Float64Array.from({ length: 40 }, (_, i) => 0.03 + 0.001 * Math.max(0, 12 - i, i - 28) + (rnd() - 0.5) * 0.0002);
  }

  it('takes the centre of the flat stretch, wherever the noise puts its lowest bin', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const at = extremumIndex(flatBottom(seed), 0, 39, -1, 0.0004);
      assert.ok(Math.abs(at - 20) <= 1, `seed ${seed}: ${at}`);
    }
  });

  it('without a tolerance, follows the noise (the behaviour the tolerance replaces)', () => {
    const spots = [1, 2, 3, 4, 5].map((seed) => extremumIndex(flatBottom(seed), 0, 39, -1));
    assert.ok(Math.max(...spots) - Math.min(...spots) > 3, `argmins ${spots.map((v) => v.toFixed(1)).join(', ')}`);
  });

  it('takes the range end when the profile is still rising or falling there, whatever flat stretch follows', () => {
    // A forearm profile falling from the elbow: the widest section over the range is its first bin,
    // on both sides of a body, even where noise makes the next bins nearly as wide on one side.
    const falling = (bump: number) => Float64Array.from({ length: 30 }, (_, i) => 0.038 - 0.0005 * i + (i >= 5 && i <= 8 ? bump : 0));
    for (const bump of [0, 0.0008, 0.0012]) assert.equal(extremumIndex(falling(bump), 4, 27, 1, 0.0004), 4, `bump ${bump}`);
  });

  it('still finds a sharp extremum at its own bin', () => {
    const profile = Float64Array.from({ length: 40 }, (_, i) => 0.03 + 0.001 * Math.abs(i - 9));
    assert.ok(Math.abs(extremumIndex(profile, 0, 39, -1, 0.0004) - 9) < 0.6);
  });
});

describe('the knee: a soft minimum of the leg profile near the fitted knee joint', () => {
  /** A knee's radius profile (m): flat to `depthM` over bins 6-22 of 0-28, its lowest bin where the noise puts it. */
  function kneeProfile(seed: number, depthM: number): Float64Array {
    const rnd = random(seed);
    return Float64Array.from({ length: 29 }, (_, i) => 0.045 + depthM * Math.max(0, 6 - i, i - 22) / 6 + (rnd() - 0.5) * 0.0006);
  }

  it('lands within 2 bins of the flat stretch\'s middle on five noise draws, where the plain minimum scatters', () => {
    const soft = [1, 2, 3, 4, 5].map((seed) => softExtremumIndex(kneeProfile(seed, 0.002), 0, 28, -1, KNEE_SOFTNESS_M));
    const plain = [1, 2, 3, 4, 5].map((seed) => extremumIndex(kneeProfile(seed, 0.002), 0, 28, -1));
    for (const at of soft) assert.ok(Math.abs(at - 14) <= 2, `soft ${soft.map((v) => v.toFixed(1)).join(', ')}`);
    assert.ok(Math.max(...soft) - Math.min(...soft) < 2, `soft ${soft.map((v) => v.toFixed(1)).join(', ')}`);
    assert.ok(Math.max(...plain) - Math.min(...plain) > 4, `plain ${plain.map((v) => v.toFixed(1)).join(', ')}`);
  });

  it('takes a clear minimum at its own bin', () => {
    // 3 mm of radius per bin on either side of bin 9: every other bin weighs e^-3 or less.
    const profile = Float64Array.from({ length: 29 }, (_, i) => 0.04 + 0.003 * Math.abs(i - 9));
    assert.ok(Math.abs(softExtremumIndex(profile, 0, 28, -1, KNEE_SOFTNESS_M) - 9) < 0.15);
  });

  it('moves continuously as the profile deepens on one side', () => {
    // The plain minimum jumps from one end of a flat stretch to the other; the soft one glides.
    const tilted = (slopeM: number) => Float64Array.from({ length: 29 }, (_, i) => 0.045 + slopeM * (i - 14));
    const at = [-0.0001, -0.00005, 0, 0.00005, 0.0001].map((s) => softExtremumIndex(tilted(s), 0, 28, -1, KNEE_SOFTNESS_M));
    for (let k = 1; k < at.length; k++) assert.ok(at[k] < at[k - 1] && at[k - 1] - at[k] < 6, at.map((v) => v.toFixed(2)).join(', '));
    assert.ok(Math.abs(at[2] - 14) < 1e-9);
    assert.equal(extremumIndex(tilted(-0.00005), 0, 28, -1), 28);
    assert.equal(extremumIndex(tilted(0.00005), 0, 28, -1), 0);
  });

  it('leaves out bins with no section', () => {
    const profile = Float64Array.from({ length: 29 }, (_, i) => (i === 3 ? NaN : 0.04 + 0.003 * Math.abs(i - 20)));
    assert.ok(Math.abs(softExtremumIndex(profile, 0, 28, -1, KNEE_SOFTNESS_M) - 20) < 0.15);
  });
});
