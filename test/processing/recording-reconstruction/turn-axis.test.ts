import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { identity4, invertRigid, multiply4, twistAbout } from '../../../src/processing/recording-reconstruction/rigid-transform.ts';
import { holdAxisHeight, turnAxisCentre, turnAxisPlane } from '../../../src/processing/recording-reconstruction/turn-axis.ts';
import type { FloorPlane } from '../../../src/processing/recording-reconstruction/floor-detection.ts';

const floor: FloorPlane = { normal: [0, 1, 0], d: 0, inlierFraction: 0.5, inliers: 1000 };

/** Camera → model poses of a still camera watching a body turn `turns` times about `axis` through (0, 0, -2). */
function turningPoses(axis: [number, number, number], frames: number, turns: number, swayM = 0): Float64Array[] {
  return Array.from({ length: frames }, (_, t) => {
    const angle = (2 * Math.PI * turns * t) / frames;
    const spin = twistAbout(new Float64Array(16), axis[0] * angle, axis[1] * angle, axis[2] * angle, 0, 0, 0, 0, 0, -2);
    // Sway: the body's centre wanders horizontally (two sinusoids, a few seconds' period at 12.5 frames/s).
    const sway = twistAbout(new Float64Array(16), 0, 0, 0, swayM * Math.sin(t / 7), 0, swayM * Math.cos(t / 11 + 1), 0, 0, 0);
    return invertRigid(new Float64Array(16), multiply4(new Float64Array(16), sway, spin));
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

describe('turnAxisCentre', () => {
  // The person region's centroid is what the phone saw: the body's front, ~12 cm nearer the camera than its axis.
  const seenCentre = [0.02, 0.9, -1.88];

  it('finds the vertical axis through (0, -2) from poses alone, not the seen centroid', () => {
    const poses = turningPoses([0, 1, 0], 120, 1);
    const [x, y, z] = turnAxisCentre(poses, poses.map(() => identity4()), seenCentre);
    assert.ok(Math.hypot(x, z + 2) < 1e-9, `axis at (${x}, ${z})`);
    assert.equal(y, 0.9, 'at the centre\'s height');
  });

  it('finds it within 3 mm of a body that sways by 12 mm while it turns', () => {
    const poses = turningPoses([0, 1, 0], 250, 1, 0.012);
    const [x, , z] = turnAxisCentre(poses, poses.map(() => identity4()), seenCentre);
    assert.ok(Math.hypot(x, z + 2) < 0.003, `${(1000 * Math.hypot(x, z + 2)).toFixed(2)} mm off`);
  });

  it('finds the point at the centre\'s height of an axis leaning 2°', () => {
    const lean = (2 * Math.PI) / 180;
    const poses = turningPoses([Math.sin(lean), Math.cos(lean), 0], 120, 1);
    const [x, , z] = turnAxisCentre(poses, poses.map(() => identity4()), seenCentre);
    // The axis passes through (0, 0, -2) and leans toward +x: at height 0.9 it is at x = 0.9 · tan(2°).
    assert.ok(Math.hypot(x - 0.9 * Math.tan(lean), z + 2) < 0.001, `axis at (${x}, ${z})`);
  });

  it('keeps the seen centre for a turn of less than half a circle', () => {
    const poses = turningPoses([0, 1, 0], 40, 0.4);
    assert.deepEqual(turnAxisCentre(poses, poses.map(() => identity4()), seenCentre), seenCentre);
  });
});

describe('holdAxisHeight', () => {
  const lean = (2 * Math.PI) / 180;
  const axis: [number, number, number] = [Math.sin(lean), Math.cos(lean), 0];
  // A point of the leaning axis through (0, 0, -2), at 0.9 m: x = 0.9 · tan(2°).
  const axisPoint = [0.9 * Math.tan(lean), 0.9, -2];
  // A phone on a tripod 1.2 m up, looking slightly down: camera → world.
  const cameraToWorld = multiply4(new Float64Array(16), twistAbout(new Float64Array(16), 0, 0, 0, 0, 1.2, 0, 0, 0, 0), twistAbout(new Float64Array(16), -0.1, 0, 0, 0, 0, 0, 0, 0, 0));
  const corrections = turningPoses(axis, 60, 1);
  const scratch = new Float64Array(48);

  it('leaves the poses of a leaning turn about a fixed axis as they are', () => {
    for (const correction of corrections) {
      const pose = multiply4(new Float64Array(16), correction, cameraToWorld);
      const held = Float64Array.from(pose);
      holdAxisHeight(held, cameraToWorld, axisPoint, scratch);
      for (let k = 0; k < 16; k++) assert.ok(Math.abs(held[k] - pose[k]) < 1e-9);
    }
  });

  it('takes a registration\'s 4 mm rise of the body out of its pose, and nothing else', () => {
    const rise = twistAbout(new Float64Array(16), 0, 0, 0, 0, 0.004, 0, 0, 0, 0);
    for (const correction of corrections.slice(1)) {
      const truth = multiply4(new Float64Array(16), correction, cameraToWorld);
      // The body's motion M = C⁻¹ moved up by 4 mm in the world: C' = C · V(−4 mm).
      const risen = multiply4(new Float64Array(16), correction, invertRigid(new Float64Array(16), rise));
      const pose = multiply4(new Float64Array(16), risen, cameraToWorld);
      holdAxisHeight(pose, cameraToWorld, axisPoint, scratch);
      for (let k = 0; k < 16; k++) assert.ok(Math.abs(pose[k] - truth[k]) < 1e-9, `element ${k}: ${pose[k]} against ${truth[k]}`);
    }
  });
});
