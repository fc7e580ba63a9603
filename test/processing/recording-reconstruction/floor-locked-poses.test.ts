import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { PhoneRecording } from '../../../src/domain/phone-recording.ts';
import type { FloorPlane } from '../../../src/processing/recording-reconstruction/floor-detection.ts';
import { floorHeightsPerFrame, interpolateMissing, lockPosesToFloor } from '../../../src/processing/recording-reconstruction/floor-locked-poses.ts';
import { DEFAULT_RECONSTRUCTION, reconstructRecording } from '../../../src/processing/recording-reconstruction/reconstruct-recording.ts';
import type { Mat4 } from '../../../src/processing/recording-reconstruction/rigid-transform.ts';
import { capsulePerson, renderRecording, walkPoses } from '../../support/analytic-recording.ts';

const FRAMES = 100;
/** Vertical drift of frame t (m): a ramp up to +45 mm, as one evaluation walk's odometry drifted (+62 mm at most). */
const driftYM = (t: number) => 0.045 * (t / (FRAMES - 1));
const FLOOR: FloorPlane = { normal: [0, 1, 0], d: 0, inlierFraction: 1, inliers: 1 };

let rendered: PhoneRecording | null = null;
/** A walk round the capsule person on a floor, its depth rendered with the true poses (once) and stored with vertically drifted ones. */
function verticallyDriftedWalk(drift: boolean): { recording: PhoneRecording; truth: Mat4[] } {
  const truth = walkPoses(FRAMES);
  rendered ??= renderRecording({ body: capsulePerson(), floor: true, walls: [] }, truth, { noiseSigmaM: 0.002, seed: 9 });
  const frames = rendered.frames.map((f, t) => {
    const cameraToWorld = Float64Array.from(truth[t]);
    if (drift) cameraToWorld[13] += driftYM(t);
    return { ...f, cameraToWorld };
  });
  return { recording: { ...rendered, frames }, truth };
}

/** Highest vertex of a mesh (m). */
function topM(positions: Float32Array): number {
  let top = -Infinity;
  for (let i = 1; i < positions.length; i += 3) top = Math.max(top, positions[i]);
  return top;
}

describe('floorHeightsPerFrame and lockPosesToFloor', () => {
  it("reads each frame's vertical drift off the floor it sees, within 1 mm", () => {
    const { recording } = verticallyDriftedWalk(true);
    const { heightsM, measuredFrames } = floorHeightsPerFrame(recording, FLOOR, [0, 0.9, 0]);
    assert.equal(measuredFrames, FRAMES);
    let worst = 0;
    heightsM.forEach((h, t) => { worst = Math.max(worst, Math.abs(h - driftYM(t))); });
    assert.ok(worst < 0.001, `largest error of a frame's floor height ${(1000 * worst).toFixed(2)} mm`);
  });

  it('moves every camera back to its true height within 1 mm, leaving x and z and the depth maps as they were', () => {
    const { recording, truth } = verticallyDriftedWalk(true);
    const locked = lockPosesToFloor(recording, FLOOR, floorHeightsPerFrame(recording, FLOOR, [0, 0.9, 0]).heightsM);
    locked.frames.forEach((f, t) => {
      assert.ok(Math.abs(f.cameraToWorld[13] - truth[t][13]) < 0.001, `frame ${t}: camera height off by ${(1000 * (f.cameraToWorld[13] - truth[t][13])).toFixed(2)} mm`);
      assert.equal(f.cameraToWorld[12], truth[t][12]);
      assert.equal(f.cameraToWorld[14], truth[t][14]);
      assert.equal(f.depthMm, recording.frames[t].depthMm);
    });
  });

  it('measures nothing in frames that see no floor', () => {
    const truth = walkPoses(12);
    const recording = renderRecording({ body: capsulePerson(), floor: false, walls: [] }, truth, { seed: 2 });
    const { heightsM, measuredFrames } = floorHeightsPerFrame(recording, FLOOR, [0, 0.9, 0]);
    assert.equal(measuredFrames, 0);
    assert.ok(heightsM.every((h) => Number.isNaN(h)));
  });

  it('gives a frame without a floor height its neighbours\' heights interpolated, held at the ends', () => {
    const filled = interpolateMissing(Float64Array.of(NaN, 0.01, NaN, NaN, 0.04, NaN));
    assert.deepEqual(Array.from(filled, (v) => Math.round(v * 1e6) / 1e6), [0.01, 0.01, 0.02, 0.03, 0.04, 0.04]);
    assert.deepEqual(Array.from(interpolateMissing(Float64Array.of(NaN, NaN))), [0, 0]);
  });
});

describe('reconstructRecording with walkFloorLock', () => {
  it("stands a walk whose odometry drifted 45 mm upwards on the floor: its top within 6 mm of the undrifted walk's (25 mm low without the lock)", () => {
    const reference = topM(reconstructRecording(verticallyDriftedWalk(false).recording).geometry.positions);
    const { recording } = verticallyDriftedWalk(true);
    const locked = reconstructRecording(recording);
    const unlocked = reconstructRecording(recording, { ...DEFAULT_RECONSTRUCTION, walkFloorLock: false });
    assert.ok((locked.diagnostics.floorDriftMaxMm as number) > 15, `largest drift read off the floor ${locked.diagnostics.floorDriftMaxMm} mm`);
    const lockedTopM = topM(locked.geometry.positions), unlockedTopM = topM(unlocked.geometry.positions);
    assert.ok(Math.abs(lockedTopM - reference) < 0.006, `top ${(1000 * lockedTopM).toFixed(1)} mm, undrifted ${(1000 * reference).toFixed(1)} mm`);
    // Without the lock the drift shows: the body stands too low, its soles cut off with the floor.
    assert.ok(reference - unlockedTopM > 0.015, `unlocked top ${(1000 * unlockedTopM).toFixed(1)} mm`);
  });
});
