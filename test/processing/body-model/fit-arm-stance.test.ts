import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { armStanceAngleDeg } from '../../../src/processing/body-model/fit-arm-stance.ts';

// Five bones: the arm bones and one the comparison must ignore.
const names = ['spine', 'upperArmLeft', 'forearmLeft', 'upperArmRight', 'forearmRight'];
const heads = [0, 1.2, 0, 0.2, 1.4, 0, 0.45, 1.2, 0, -0.2, 1.4, 0, -0.45, 1.2, 0];
const tails = [0, 1.5, 0, 0.45, 1.2, 0, 0.6, 0.95, 0, -0.45, 1.2, 0, -0.6, 0.95, 0];

/** `tails` with bone b's tail turned by angleDeg about the z axis through its head. */
function turned(b: number, angleDeg: number): number[] {
  const out = [...tails];
  const a = (angleDeg * Math.PI) / 180, dx = tails[3 * b] - heads[3 * b], dy = tails[3 * b + 1] - heads[3 * b + 1];
  out[3 * b] = heads[3 * b] + Math.cos(a) * dx - Math.sin(a) * dy;
  out[3 * b + 1] = heads[3 * b + 1] + Math.sin(a) * dx + Math.cos(a) * dy;
  return out;
}

describe('arm stance of two fits', () => {
  it('reads 0 degrees for the same arms, whatever the bones outside the arms do', () => {
    assert.equal(armStanceAngleDeg(names, heads, tails, heads, turned(0, 40)), 0);
  });

  it('reads the largest turn of one arm bone, in degrees', () => {
    assert.ok(Math.abs(armStanceAngleDeg(names, heads, tails, heads, turned(2, 30)) - 30) < 1e-9);
    const both = turned(4, -12);
    const b = 1, a = (25 * Math.PI) / 180, dx = tails[3 * b] - heads[3 * b], dy = tails[3 * b + 1] - heads[3 * b + 1];
    both[3 * b] = heads[3 * b] + Math.cos(a) * dx - Math.sin(a) * dy; both[3 * b + 1] = heads[3 * b + 1] + Math.sin(a) * dx + Math.cos(a) * dy;
    assert.ok(Math.abs(armStanceAngleDeg(names, heads, tails, heads, both) - 25) < 1e-9);
  });

  it('does not change when the whole body moves, the bones keeping their directions', () => {
    const shift = (xs: number[]) => xs.map((x, i) => x + [0.3, -0.1, 2][i % 3]);
    assert.ok(Math.abs(armStanceAngleDeg(names, heads, tails, shift(heads), shift(turned(3, 20))) - 20) < 1e-6);
    assert.ok(Math.abs(armStanceAngleDeg(names, heads, tails, shift(heads), shift(tails))) < 1e-6);
  });

  it('counts a bone of zero length as a different stance, and refuses a model without arm bones', () => {
    const collapsed = [...tails];
    collapsed.splice(3, 3, heads[3], heads[4], heads[5]);
    assert.equal(armStanceAngleDeg(names, heads, tails, heads, collapsed), 180);
    assert.throws(() => armStanceAngleDeg(['spine'], [0, 0, 0], [0, 1, 0], [0, 0, 0], [0, 1, 0]), /no bone upperArmLeft/);
  });
});
