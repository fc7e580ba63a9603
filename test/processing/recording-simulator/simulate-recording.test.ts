import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { simulateRecording, type BodyMesh, type SimulatedRecording } from '../../../src/processing/recording-simulator/simulate-recording.ts';
import { swingArms } from '../../../src/processing/recording-simulator/recording-motion.ts';
import { invertRigid, multiplyPoses } from '../../../src/processing/geometry/camera-pose.ts';
import { makeSyntheticBody } from '../../../src/processing/synthetic-body/generate.ts';

const synthetic = makeSyntheticBody({ sex: 'male', heightM: 1.8, fatness: 0.5, seed: 4 });
const body = { positionsM: synthetic.mesh.positions, indices: synthetic.mesh.indices } satisfies BodyMesh;
const statureM = synthetic.truth.statureM ?? 1.8;

/** Pixel (u, v) and depth of canonical body point p in frame f, using the hidden true poses. */
function project(sim: SimulatedRecording, f: number, p: [number, number, number]): { u: number; v: number; z: number } {
  const m = multiplyPoses(invertRigid(sim.truth.cameraToWorld[f]), sim.truth.bodyToWorld[f]);
  const x = m[0] * p[0] + m[4] * p[1] + m[8] * p[2] + m[12];
  const y = m[1] * p[0] + m[5] * p[1] + m[9] * p[2] + m[13];
  const z = m[2] * p[0] + m[6] * p[1] + m[10] * p[2] + m[14];
  const k = sim.recording.frames[f].intrinsics;
  return { u: (k.fx * x) / z + k.cx, v: (k.fy * y) / z + k.cy, z };
}

function inImage(sim: SimulatedRecording, q: { u: number; v: number; z: number }): boolean {
  return q.z > 0 && q.u >= 0 && q.u <= sim.recording.width - 1 && q.v >= 0 && q.v <= sim.recording.height - 1;
}

/** Rotation angle (degrees) about world y between two rigid transforms' x axes, unwrapped by the caller. */
function yawDeg(m: Float64Array): number {
  return (Math.atan2(-m[2], m[0]) * 180) / Math.PI;
}

function totalYawDeg(poses: Float64Array[]): number {
  let total = 0;
  for (let i = 1; i < poses.length; i++) {
    let step = yawDeg(poses[i]) - yawDeg(poses[i - 1]);
    if (step > 180) step -= 360;
    if (step < -180) step += 360;
    total += step;
  }
  return Math.abs(total);
}

describe('recording simulator: walk round the person', () => {
  const sim = simulateRecording(body, { mode: 'walk', seed: 11, frames: 40 });

  it('writes 256 x 192 depth maps with the scaled iPhone camera matrix, one pose per frame', () => {
    assert.equal(sim.recording.width, 256);
    assert.equal(sim.recording.height, 192);
    assert.equal(sim.recording.frames.length, 40);
    const k = sim.recording.frames[0].intrinsics;
    assert.ok(Math.abs(k.fx - (1402.2333 * 256) / 1920) < 1e-9 && Math.abs(k.cy - (719.6846 * 192) / 1440) < 1e-9);
  });

  it('keeps the whole body in view in every frame (head and soles project inside the image)', () => {
    const positions = body.positionsM;
    for (let f = 0; f < 40; f += 3) {
      for (let i = 0; i < positions.length; i += 3 * 97) {
        const q = project(sim, f, [positions[i], positions[i + 1], positions[i + 2]]);
        assert.ok(inImage(sim, q), `frame ${f}: vertex at height ${positions[i + 1].toFixed(2)} m projects to (${q.u.toFixed(0)}, ${q.v.toFixed(0)})`);
      }
    }
  });

  it('circles the person once at 1-2 m, and the odometry drifts from the truth by millimetres to centimetres', () => {
    assert.ok(totalYawDeg(sim.truth.cameraToWorld) > 360, `swept ${totalYawDeg(sim.truth.cameraToWorld)} degrees`);
    let maxError = 0;
    sim.recording.frames.forEach((frame, f) => {
      const truth = sim.truth.cameraToWorld[f];
      const bodyCentre = sim.truth.bodyToWorld[f];
      const distance = Math.hypot(truth[12] - bodyCentre[12], truth[14] - bodyCentre[14]);
      assert.ok(distance > 1 && distance < 2, `distance ${distance}`);
      maxError = Math.max(maxError, Math.hypot(frame.cameraToWorld[12] - truth[12], frame.cameraToWorld[13] - truth[13], frame.cameraToWorld[14] - truth[14]));
    });
    assert.ok(maxError > 0.001 && maxError < 0.1, `largest odometry error ${maxError} m`);
  });

  it('starts the world where ARKit does: at the first camera, looking along -z', () => {
    const first = sim.truth.cameraToWorld[0];
    assert.ok(Math.hypot(first[12], first[13], first[14]) < 1e-9);
    assert.ok(first[10] < -0.9, 'camera z axis along world -z');
  });

  it('is reproducible from its seed and differs between seeds', () => {
    const again = simulateRecording(body, { mode: 'walk', seed: 11, frames: 3 });
    const same = simulateRecording(body, { mode: 'walk', seed: 11, frames: 3 });
    const other = simulateRecording(body, { mode: 'walk', seed: 12, frames: 3 });
    assert.deepEqual(again.recording.frames[2].depthMm, same.recording.frames[2].depthMm);
    assert.deepEqual(again.recording.frames[2].cameraToWorld, same.recording.frames[2].cameraToWorld);
    assert.notDeepEqual(again.recording.frames[2].depthMm, other.recording.frames[2].depthMm);
  });
});

describe('recording simulator: the person turns in front of a still phone', () => {
  const sim = simulateRecording(body, { mode: 'turn', seed: 5, frames: 36 });

  it('keeps the camera still while the body turns a full circle about a near-vertical axis', () => {
    const first = sim.truth.cameraToWorld[0];
    for (const pose of sim.truth.cameraToWorld) for (let i = 0; i < 16; i++) assert.equal(pose[i], first[i]);
    for (const frame of sim.recording.frames) {
      assert.ok(Math.hypot(frame.cameraToWorld[12] - first[12], frame.cameraToWorld[13] - first[13], frame.cameraToWorld[14] - first[14]) < 0.01);
    }
    const turned = totalYawDeg(sim.truth.bodyToWorld);
    assert.ok(Math.abs(turned - 360) < 8, `turned ${turned} degrees`);
    for (const m of sim.truth.bodyToWorld) assert.ok(m[5] > Math.cos((4 * Math.PI) / 180), 'body axis within 4 degrees of vertical');
  });

  it('turns only as far as asked (a short turn for the bad-recording tests)', () => {
    const short = simulateRecording(body, { mode: 'turn', seed: 5, frames: 20, sweepDeg: 200, natural: false });
    assert.ok(Math.abs(totalYawDeg(short.truth.bodyToWorld) - 200) < 1);
  });

  it('keeps the whole body in view from a tripod 2 m away', () => {
    const positions = body.positionsM;
    for (let f = 0; f < 36; f += 5) {
      for (let i = 0; i < positions.length; i += 3 * 101) {
        assert.ok(inImage(sim, project(sim, f, [positions[i], positions[i + 1], positions[i + 2]])));
      }
    }
  });
});

describe('recording simulator: any body mesh', () => {
  it('stands a mesh that is off the origin on the floor and on the turning axis, and its truth maps the mesh as given', () => {
    const shifted = new Float32Array(body.positionsM.length);
    for (let i = 0; i < shifted.length; i += 3) { shifted[i] = body.positionsM[i] + 0.5; shifted[i + 1] = body.positionsM[i + 1] + 0.25; shifted[i + 2] = body.positionsM[i + 2] - 0.3; }
    const options = { mode: 'turn' as const, seed: 9, frames: 4 };
    const centred = simulateRecording(body, options);
    const moved = simulateRecording({ positionsM: shifted, indices: body.indices }, options);
    let largest = 0;
    for (let i = 0; i < centred.recording.frames[2].depthMm.length; i++) {
      largest = Math.max(largest, Math.abs(centred.recording.frames[2].depthMm[i] - moved.recording.frames[2].depthMm[i]));
    }
    assert.ok(largest <= 1, `depth differs by up to ${largest} mm`);
    const m = moved.truth.bodyToWorld[2], c = centred.truth.bodyToWorld[2];
    const p = [0.5, 1.25, -0.3]; // the shifted mesh's point over the centred one's (0, 1, 0)
    for (let k = 0; k < 3; k++) {
      const viaMoved = m[k] * p[0] + m[4 + k] * p[1] + m[8 + k] * p[2] + m[12 + k];
      const viaCentred = c[4 + k] * 1 + c[12 + k];
      assert.ok(Math.abs(viaMoved - viaCentred) < 0.01, `axis ${k}`);
    }
  });
});

describe('recording simulator: in a room', () => {
  it('closes the scene with walls and a ceiling, so every pixel has a reading in both modes', () => {
    for (const mode of ['walk', 'turn'] as const) {
      const sim = simulateRecording(body, { mode, seed: 4, frames: 5, room: true, sensorNoise: false });
      for (const frame of sim.recording.frames) assert.ok(frame.depthMm.every((mm) => mm > 0 && mm < 6000), mode);
    }
  });
});

describe('recording simulator: bad recordings on request', () => {
  it('frames a person cut off at the knees: nothing below 25% of stature is in view, the trunk and head all are', () => {
    const sim = simulateRecording(body, { mode: 'turn', seed: 2, frames: 6, framing: 'cut-at-knees', natural: false });
    const positions = body.positionsM;
    let below = 0, aboveSeen = 0, above = 0;
    for (let i = 0; i < positions.length; i += 3) {
      const y = positions[i + 1];
      const q = project(sim, 0, [positions[i], y, positions[i + 2]]);
      if (y < 0.25 * statureM && inImage(sim, q)) below++;
      if (y > 0.55 * statureM && Math.abs(positions[i]) < 0.25) { above++; if (inImage(sim, q)) aboveSeen++; }
    }
    assert.equal(below, 0);
    assert.equal(aboveSeen, above);
  });

  it('records an empty scene: every reading lies on the floor or the wall', () => {
    const sim = simulateRecording(body, { mode: 'turn', seed: 2, frames: 4, emptyScene: true, natural: false, sensorNoise: false });
    const worldToScene = invertRigid(sim.truth.bodyToWorld[0]);
    for (let f = 0; f < 4; f++) {
      const frame = sim.recording.frames[f];
      const cameraToScene = multiplyPoses(worldToScene, sim.truth.cameraToWorld[f]);
      const k = frame.intrinsics;
      let readings = 0;
      for (let v = 0; v < 192; v += 3) {
        for (let u = 0; u < 256; u += 3) {
          const z = frame.depthMm[v * 256 + u] / 1000;
          if (z === 0) continue;
          readings++;
          const x = ((u - k.cx) / k.fx) * z, y = ((v - k.cy) / k.fy) * z;
          const m = cameraToScene;
          const sy = m[1] * x + m[5] * y + m[9] * z + m[13];
          const sz = m[2] * x + m[6] * y + m[10] * z + m[14];
          assert.ok(Math.abs(sy) < 0.01 || Math.abs(sz + 1) < 0.01, `pixel (${u}, ${v}) at scene height ${sy.toFixed(3)}, depth ${sz.toFixed(3)}`);
        }
      }
      assert.ok(readings > 1000);
    }
  });
});

describe('arm movement of a turning person', () => {
  it('lifts the hands away from the body and leaves legs and trunk where they were', () => {
    const moved = new Float32Array(body.positionsM.length);
    swingArms(body.positionsM, statureM, (3 * Math.PI) / 180, moved);
    let handMoved = 0, trunkMoved = 0;
    for (let i = 0; i < moved.length; i += 3) {
      const x = body.positionsM[i], y = body.positionsM[i + 1];
      const shift = Math.hypot(moved[i] - x, moved[i + 1] - y, moved[i + 2] - body.positionsM[i + 2]);
      if (Math.abs(x) < 0.1 * statureM || y < 0.4 * statureM) trunkMoved = Math.max(trunkMoved, shift);
      if (Math.abs(x) > 0.2 * statureM && y > 0.4 * statureM) {
        handMoved = Math.max(handMoved, shift);
        assert.ok(Math.abs(moved[i]) >= Math.abs(x) - 1e-6, 'arms move outward');
      }
    }
    assert.equal(trunkMoved, 0);
    assert.ok(handMoved > 0.01 && handMoved < 0.05, `hand moved ${handMoved} m`);
  });

  it('moves only the vertices given an arm weight, each by its share, when weights are given', () => {
    // Weights: the hands' vertices 1, one flank vertex beyond 11 % of stature 0 (a heavy body's hip),
    // one vertex halfway.
    const count = body.positionsM.length / 3;
    const weight = new Float32Array(count);
    let hand = -1, flank = -1;
    for (let v = 0; v < count; v++) {
      const x = body.positionsM[3 * v], y = body.positionsM[3 * v + 1];
      if (Math.abs(x) > 0.2 * statureM && y > 0.4 * statureM) { weight[v] = 1; if (hand < 0) hand = v; }
      else if (flank < 0 && Math.abs(x) > 0.12 * statureM && y > 0.42 * statureM && y < 0.55 * statureM) flank = v;
    }
    assert.ok(hand >= 0 && flank >= 0, 'the body has hands and a vertex in the position rule\'s zone');
    const moved = new Float32Array(body.positionsM.length), byPosition = new Float32Array(body.positionsM.length);
    swingArms(body.positionsM, statureM, (3 * Math.PI) / 180, moved, weight);
    swingArms(body.positionsM, statureM, (3 * Math.PI) / 180, byPosition);
    const shift = (out: Float32Array, v: number) => Math.hypot(out[3 * v] - body.positionsM[3 * v], out[3 * v + 1] - body.positionsM[3 * v + 1]);
    assert.ok(shift(byPosition, flank) > 0.005, `the position rule moves the flank vertex ${shift(byPosition, flank)} m`);
    assert.equal(shift(moved, flank), 0);
    assert.ok(Math.abs(shift(moved, hand) - shift(byPosition, hand)) < 1e-6, 'a weight of 1 moves as the position rule moves a hand');
    weight[hand] = 0.5;
    swingArms(body.positionsM, statureM, (3 * Math.PI) / 180, moved, weight);
    assert.ok(Math.abs(shift(moved, hand) - 0.5 * shift(byPosition, hand)) < 1e-6, 'a weight of 0.5 moves half as far');
  });
});
