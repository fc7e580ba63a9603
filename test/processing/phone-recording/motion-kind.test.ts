import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { classifyRecordingMotion } from '../../../src/processing/phone-recording/motion-kind.ts';
import { simulateRecording } from '../../../src/processing/recording-simulator/simulate-recording.ts';
import { multiplyPoses, rotationAbout } from '../../../src/processing/geometry/camera-pose.ts';
import { makeSyntheticBody } from '../../../src/processing/synthetic-body/generate.ts';
import type { PhoneRecording } from '../../../src/domain/phone-recording.ts';
import { assertCaptureFailure } from '../../support/capture-assertions.ts';

const body = makeSyntheticBody({ sex: 'male', heightM: 1.7, fatness: 0.6, seed: 8 });
const mesh = { positionsM: body.mesh.positions, indices: body.mesh.indices };

describe('walk or turn, decided from the camera poses', () => {
  it('calls a recording whose phone circles the person a walk, with the sweep it made', () => {
    const motion = classifyRecordingMotion(simulateRecording(mesh, { mode: 'walk', seed: 1, frames: 30 }).recording);
    assert.equal(motion.kind, 'walk');
    assert.ok(Math.abs(Math.abs(motion.gazeSweepDeg) - 370) < 10, `sweep ${motion.gazeSweepDeg}`);
    assert.ok(motion.pathM > 9 && motion.pathM < 13, `path ${motion.pathM} m`);
  });

  it('calls a recording whose phone stands still a turn', () => {
    const motion = classifyRecordingMotion(simulateRecording(mesh, { mode: 'turn', seed: 1, frames: 30 }).recording);
    assert.equal(motion.kind, 'turn');
    assert.ok(motion.positionSpreadM < 0.01);
  });

  it('refuses a walk that goes only half way round, saying how far it went', () => {
    const half = simulateRecording(mesh, { mode: 'walk', seed: 1, frames: 30, sweepDeg: 180 }).recording;
    assertCaptureFailure(() => classifyRecordingMotion(half), 'recording_motion_unsupported', /travelled \d\.\d m but went only 1[78]\d degrees round the person/);
  });

  it('refuses a phone that stays in place but pans away from the person', () => {
    const turn = simulateRecording(mesh, { mode: 'turn', seed: 1, frames: 30 }).recording;
    const panning: PhoneRecording = {
      ...turn,
      frames: turn.frames.map((frame, i) => {
        const m = frame.cameraToWorld;
        const pan = rotationAbout([0, 1, 0], ((90 * i) / 29) * (Math.PI / 180), [m[12], m[13], m[14]]);
        return { ...frame, cameraToWorld: multiplyPoses(pan, m) };
      }),
    };
    assertCaptureFailure(() => classifyRecordingMotion(panning), 'recording_motion_unsupported', /stayed in place but swung 90 degrees/);
  });

  it('refuses a recording of a handful of frames', () => {
    const short = simulateRecording(mesh, { mode: 'turn', seed: 1, frames: 5 }).recording;
    assertCaptureFailure(() => classifyRecordingMotion(short), 'recording_motion_unsupported', /only 5 frames/);
  });
});
