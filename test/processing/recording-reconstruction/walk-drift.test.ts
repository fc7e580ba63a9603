import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { PhoneRecording } from '../../../src/domain/phone-recording.ts';
import { DEFAULT_RECONSTRUCTION, reconstructRecording } from '../../../src/processing/recording-reconstruction/reconstruct-recording.ts';
import { multiply4, type Mat4 } from '../../../src/processing/recording-reconstruction/rigid-transform.ts';
import { correctionMatrix, DEFAULT_WALK_DRIFT, estimateWalkDrift, frameCorrection, type DriftKeyframe } from '../../../src/processing/recording-reconstruction/walk-drift.ts';
import { capsulePerson, renderRecording, walkPoses } from '../../support/analytic-recording.ts';
import { sectionTapeM } from '../../support/mesh-section.ts';

const FRAMES = 100;
/** Drift at the end of the walk: 14 mm, 6 mm, −12 mm and 0.8 degrees of yaw, grown smoothly (a quarter-sine ramp) from 0. */
const END = { dx: 0.014, dy: 0.006, dz: -0.012, yawRad: (0.8 * Math.PI) / 180 };

/** The recorded pose: the true one with the drift of frame t applied about its camera centre (as an odometry's wander). */
function drifted(truth: Mat4, t: number): Mat4 {
  const s = Math.sin((Math.PI / 2) * (t / (FRAMES - 1)));
  const wander = correctionMatrix({ yawRad: s * END.yawRad, dx: s * END.dx, dy: s * END.dy, dz: s * END.dz, pivot: [truth[12], truth[13], truth[14]] }, new Float64Array(16));
  return multiply4(new Float64Array(16), wander, truth);
}

/** Depth rendered with the true poses, stored with the drifted ones: a walk whose odometry drifted. */
function driftedWalk(floor: boolean): { recording: PhoneRecording; truth: Mat4[] } {
  const truth = walkPoses(FRAMES);
  const rendered = renderRecording({ body: capsulePerson(), floor, walls: [] }, truth, { noiseSigmaM: 0.002, seed: 5 });
  return { recording: { ...rendered, frames: rendered.frames.map((f, t) => ({ ...f, cameraToWorld: drifted(truth[t], t) })) }, truth };
}

/** Horizontal distance of a camera centre from the person's vertical axis (x = z = 0), m. */
const axisDistance = (m: Mat4) => Math.hypot(m[12], m[14]);


describe('estimateWalkDrift', () => {
  it('corrects a walk whose odometry drifted by 2 cm and 0.8 degrees to within 3 mm per camera, and its distance to the body to within 0.5 mm on average', () => {
    const { recording, truth } = driftedWalk(false);
    const keyframes: DriftKeyframe[] = [];
    for (let t = 0; t < FRAMES; t += t + 5 < FRAMES || t === FRAMES - 1 ? 5 : FRAMES - 1 - t) {
      const f = recording.frames[t];
      keyframes.push({ frameIndex: t, cameraToWorld: f.cameraToWorld, intrinsics: f.intrinsics, depthM: Float32Array.from(f.depthMm, (mm) => mm * 0.001) });
    }
    const result = estimateWalkDrift(keyframes, recording.width, recording.height, [0, 0.9, 0], DEFAULT_WALK_DRIFT);
    let before = 0, after = 0, distanceError = 0;
    const corrected = new Float64Array(16), c = new Float64Array(16);
    recording.frames.forEach((f, t) => {
      const w = f.cameraToWorld;
      multiply4(corrected, frameCorrection(result.nodes, t, [w[12], w[13], w[14]], c), w);
      before = Math.max(before, Math.hypot(w[12] - truth[t][12], w[13] - truth[t][13], w[14] - truth[t][14]));
      after = Math.max(after, Math.hypot(corrected[12] - truth[t][12], corrected[13] - truth[t][13], corrected[14] - truth[t][14]));
      distanceError += (axisDistance(corrected) - axisDistance(truth[t])) / FRAMES;
    });
    assert.ok(before > 0.015, `the odometry is off by ${(1000 * before).toFixed(1)} mm at most`);
    assert.ok(after < 0.003, `largest camera error after correction ${(1000 * after).toFixed(2)} mm (before ${(1000 * before).toFixed(1)} mm)`);
    assert.ok(Math.abs(distanceError) < 0.0005, `mean camera distance error ${(1000 * distanceError).toFixed(2)} mm`);
  });

  it('frameCorrection interpolates the nodes linearly and holds the last one', () => {
    const nodes = [
      { frameIndex: 0, yawRad: 0, dx: 0, dy: 0, dz: 0, pivot: [0, 0, 0] as [number, number, number] },
      { frameIndex: 10, yawRad: 0.02, dx: 0.01, dy: -0.002, dz: 0.004, pivot: [0, 0, 0] as [number, number, number] },
    ];
    const m = frameCorrection(nodes, 5, [1, 0, 0], new Float64Array(16));
    // Yaw 0.01 rad about (1, 0, 0) then (5, −1, 2) mm: the point (1, 0, 0) moves by the translation only.
    assert.ok(Math.abs(m[0] + m[12] - 1 - 0.005) < 1e-12 && Math.abs(m[13] + 0.001) < 1e-12 && Math.abs(m[2] + m[14] - 0.002) < 1e-12);
    const last = frameCorrection(nodes, 40, [0, 0, 0], new Float64Array(16));
    assert.ok(Math.abs(last[12] - 0.01) < 1e-12 && Math.abs(Math.atan2(last[8], last[0]) - 0.02) < 1e-12);
  });
});

describe('reconstructRecording with walkDrift', () => {
  it('fuses a drifted walk into a torso girth within 6 mm of the truth without per-frame registration', () => {
    const { recording } = driftedWalk(true);
    const options = { ...DEFAULT_RECONSTRUCTION, walkDrift: DEFAULT_WALK_DRIFT };
    const { geometry, diagnostics } = reconstructRecording(recording, options);
    assert.equal(diagnostics.recordingMode, 'walk');
    assert.ok((diagnostics.driftPairs as number) > 0 && diagnostics.framesNotRegistered === 0);
    // The torso ellipsoid's widest section (radii 0.17 x 0.11 m) at y = 1.15 m above the floor.
    const girthMm = 1000 * sectionTapeM(geometry.positions, geometry.indices!, 1.15, 0.2);
    const h = ((0.17 - 0.11) / (0.17 + 0.11)) ** 2;
    const truthMm = 1000 * Math.PI * (0.17 + 0.11) * (1 + (3 * h) / (10 + Math.sqrt(4 - 3 * h)));
    assert.ok(Math.abs(girthMm - truthMm) < 6, `torso girth ${girthMm.toFixed(1)} mm vs ${truthMm.toFixed(1)} mm`);
  });
});
