import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { identity4, invertRigid, twistAbout } from '../../../src/processing/recording-reconstruction/rigid-transform.ts';
import { turnAxisPlane } from '../../../src/processing/recording-reconstruction/turn-axis.ts';
import type { FloorPlane } from '../../../src/processing/recording-reconstruction/floor-detection.ts';

const floor: FloorPlane = { normal: [0, 1, 0], d: 0, inlierFraction: 0.5, inliers: 1000 };

/** Camera → model poses of a still camera watching a body turn `turns` times about `axis` through (0, 0, -2). */
function turningPoses(axis: [number, number, number], frames: number, turns: number): Float64Array[] {
  return Array.from({ length: frames }, (_, t) => {
    const angle = (2 * Math.PI * turns * t) / frames;
    const bodyToWorld = twistAbout(new Float64Array(16), axis[0] * angle, axis[1] * angle, axis[2] * angle, 0, 0, 0, 0, 0, -2);
    return invertRigid(new Float64Array(16), bodyToWorld);
  });
}

describe('turnAxisPlane', () => {
  it('stands the body on the axis it turns about: a 3° lean is found within 0.01°, through the floor under the person', () => {
    const lean = (3 * Math.PI) / 180;
    const axis: [number, number, number] = [0, Math.cos(lean), Math.sin(lean)];
    const poses = turningPoses(axis, 120, 1);
    const plane = turnAxisPlane(poses, poses.map(() => identity4()), floor, [0, 0.9, -2]);
    assert.ok(plane, 'an axis is found');
    const angleDeg = (Math.acos(Math.min(1, plane.normal[0] * axis[0] + plane.normal[1] * axis[1] + plane.normal[2] * axis[2])) * 180) / Math.PI;
    assert.ok(angleDeg < 0.01, `axis ${angleDeg.toFixed(4)}° off`);
    // The floor point under the person, (0, 0, -2), is at height 0 on the new plane.
    assert.ok(Math.abs(plane.normal[2] * -2 + plane.d) < 1e-9);
  });

  it('keeps the floor (null) for a turn of less than half a circle', () => {
    const poses = turningPoses([0, 1, 0], 40, 0.4);
    assert.equal(turnAxisPlane(poses, poses.map(() => identity4()), floor, [0, 0.9, -2]), null);
  });

  it('keeps the floor (null) when the axis leans more than a standing person does', () => {
    const lean = (15 * Math.PI) / 180;
    const poses = turningPoses([Math.sin(lean), Math.cos(lean), 0], 120, 1);
    assert.equal(turnAxisPlane(poses, poses.map(() => identity4()), floor, [0, 0.9, -2]), null);
  });
});
