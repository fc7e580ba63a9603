import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { PhoneRecording } from '../../../src/domain/phone-recording.ts';
import { ProcessingFailure } from '../../../src/domain/processing-failure.ts';
import { meshVolume } from '../../../src/processing/geometry/mesh-volume.ts';
import { DEFAULT_RECONSTRUCTION, reconstructRecording } from '../../../src/processing/recording-reconstruction/reconstruct-recording.ts';
import { capsulePerson, renderRecording, turnSetup, walkPoses, type Scene } from '../../support/analytic-recording.ts';
import { sectionTapeM } from '../../support/mesh-section.ts';

// A room: walls 2.5 m behind and 2.3 m beside the person, beyond the 1.8 m circle the walks follow.
const walls = [{ normal: [0, 0, 1] as [number, number, number], offset: -2.5 }, { normal: [1, 0, 0] as [number, number, number], offset: 2.3 }];
const person: Scene = { body: capsulePerson(), floor: true, walls };


/** Ramanujan's perimeter of an ellipse of semi-axes a, b (m). */
function ellipsePerimeterM(a: number, b: number): number {
  const h = ((a - b) / (a + b)) ** 2;
  return Math.PI * (a + b) * (1 + (3 * h) / (10 + Math.sqrt(4 - 3 * h)));
}

function failureOf(recording: PhoneRecording): ProcessingFailure {
  try {
    reconstructRecording(recording);
  } catch (error) {
    if (error instanceof ProcessingFailure) return error;
    throw error;
  }
  assert.fail('the recording was reconstructed');
}

describe('reconstructRecording', () => {
  it('reconstructs a walk around a standing person as a closed surface whose torso girth is within 8 mm of the truth', () => {
    const recording = renderRecording(person, walkPoses(90), { noiseSigmaM: 0.004, seed: 3 });
    const { geometry, diagnostics } = reconstructRecording(recording);
    assert.equal(diagnostics.recordingMode, 'walk');
    assert.ok(meshVolume(geometry.positions, geometry.indices!).closed, 'the mesh is closed');
    // Floor at y = 0 and the person's centre at x = z = 0: the torso ellipsoid's widest section is at y = 1.15 m.
    const girthMm = 1000 * sectionTapeM(geometry.positions, geometry.indices!, 1.15, 0.2);
    const truthMm = 1000 * ellipsePerimeterM(0.17, 0.11);
    assert.ok(Math.abs(girthMm - truthMm) < 8, `torso girth ${girthMm.toFixed(1)} mm vs ${truthMm.toFixed(1)} mm`);
    let topM = 0;
    for (let i = 1; i < geometry.positions.length; i += 3) topM = Math.max(topM, geometry.positions[i]);
    assert.ok(Math.abs(topM - 1.75) < 0.04, `top of the head at ${topM.toFixed(3)} m`);
  });

  it('sizes a walk by its silhouettes: every camera placed 4 mm too far out reads −4 mm on them, and the torso comes back within 5 mm of the truth', () => {
    const recording = renderRecording(person, walkPoses(90), { noiseSigmaM: 0.004, seed: 3 });
    // Each pose 4 mm farther from the person than the camera was (horizontally): the surface it fuses
    // stands 4 mm out on its near side, its silhouette rays barely move (they run along the shift).
    const outM = 0.004;
    const movedOut = { ...recording, frames: recording.frames.map((f) => {
      const pose = Float64Array.from(f.cameraToWorld);
      const r = Math.hypot(pose[12], pose[14]);
      pose[12] += (outM * pose[12]) / r; pose[14] += (outM * pose[14]) / r;
      return { ...f, cameraToWorld: pose };
    }) };
    // The poses trusted as given (refined, a walk's own registration takes most of such an error out),
    // and white-noise depth, not smoothed: the silhouette test's bias is 0 for it.
    const sized = { ...DEFAULT_RECONSTRUCTION.walkSilhouetteSize!, biasM: 0 };
    const truthMm = 1000 * ellipsePerimeterM(0.17, 0.11);
    const run = (walkSilhouetteSize: typeof sized | null) => {
      const { geometry, diagnostics } = reconstructRecording(movedOut, { ...DEFAULT_RECONSTRUCTION, refineWalkPoses: false, walkSilhouetteSize });
      return { errorMm: 1000 * sectionTapeM(geometry.positions, geometry.indices!, 1.15, 0.2) - truthMm, offsetMm: Number(diagnostics.silhouetteOffsetMm) };
    };
    const unsized = run(null), withSize = run(sized);
    assert.ok(unsized.errorMm > 15, `without sizing the torso is ${unsized.errorMm.toFixed(1)} mm too large`);
    assert.ok(Math.abs(withSize.offsetMm + 4) < 1, `the silhouettes read ${withSize.offsetMm} mm`);
    assert.ok(Math.abs(withSize.errorMm) < 5, `sized ${withSize.errorMm.toFixed(1)} mm, unsized ${unsized.errorMm.toFixed(1)} mm`);
  });

  it('ends the surface at the floor the person stands on, though readings within the foot cut of it are removed', () => {
    // Legs as cylinders standing on the floor (their capsules' lower ends hidden under it), like soles.
    const legs = capsulePerson().map((p) => (p.kind === 'capsule' && p.a[1] === 0.08 ? { ...p, a: [p.a[0], -0.1, p.a[2]] as [number, number, number] } : p));
    const recording = renderRecording({ body: legs, floor: true, walls }, walkPoses(60), { noiseSigmaM: 0.004, seed: 4 });
    const { geometry } = reconstructRecording(recording);
    let bottomM = Infinity;
    for (let i = 1; i < geometry.positions.length; i += 3) bottomM = Math.min(bottomM, geometry.positions[i]);
    assert.ok(Math.abs(bottomM) < 0.004, `lowest point ${(1000 * bottomM).toFixed(1)} mm above the floor`);
  });

  it('recognises a person turning in front of a still phone and measures the turn within 5 degrees', () => {
    const setup = turnSetup(100, 375);
    const recording = renderRecording(person, setup.poses, { noiseSigmaM: 0.004, seed: 5, bodyToWorld: setup.bodyToWorld });
    // This sensor's depth is white noise, not smoothed: the silhouette test's bias (the smoothing's
    // bulge along each frame's own rays, −1.35 mm on the simulated phone) is 0 for it.
    const silhouetteSize = { ...DEFAULT_RECONSTRUCTION.turnSilhouetteSize!, biasM: 0 };
    const { geometry, diagnostics } = reconstructRecording(recording, { ...DEFAULT_RECONSTRUCTION, turnSilhouetteSize: silhouetteSize });
    assert.equal(diagnostics.recordingMode, 'turn');
    assert.ok(Number(diagnostics.silhouetteEdges) > 5000, `${diagnostics.silhouetteEdges} boundary rays`);
    assert.ok(Math.abs(Number(diagnostics.turnDeg) - 375) < 5, `turn ${diagnostics.turnDeg} deg`);
    const girthMm = 1000 * sectionTapeM(geometry.positions, geometry.indices!, 1.15, 0.2);
    const truthMm = 1000 * ellipsePerimeterM(0.17, 0.11);
    assert.ok(Math.abs(girthMm - truthMm) < 8, `torso girth ${girthMm.toFixed(1)} mm vs ${truthMm.toFixed(1)} mm`);
  });

  it('fails a turn of only 180 degrees with recording_motion_unsupported, naming the angle', () => {
    const setup = turnSetup(60, 180);
    const failure = failureOf(renderRecording(person, setup.poses, { noiseSigmaM: 0.004, seed: 6, bodyToWorld: setup.bodyToWorld }));
    assert.equal(failure.code, 'recording_motion_unsupported');
    assert.match(failure.message, /turned only 1[78]\d degrees/);
  });

  it('fails a walk half way round the person with recording_motion_unsupported', () => {
    const failure = failureOf(renderRecording(person, walkPoses(40, 1.8, 1.0, 170), { seed: 7 }));
    assert.equal(failure.code, 'recording_motion_unsupported');
    assert.match(failure.message, /went only 1[67]\d degrees around the person/);
  });

  it('fails with no_person_found when nobody stands in view', () => {
    const failure = failureOf(renderRecording({ body: [], floor: true, walls }, walkPoses(30), { seed: 8 }));
    assert.equal(failure.code, 'no_person_found');
  });

  it('fails with recording_person_cut_off when the person is framed from the knees up', () => {
    const failure = failureOf(renderRecording(person, walkPoses(40, 1.2, 1.3, 370, 1.3), { seed: 9 }));
    assert.equal(failure.code, 'recording_person_cut_off');
  });

  it('fails with recording_person_cut_off when the head is out of the picture', () => {
    const failure = failureOf(renderRecording(person, walkPoses(40, 1.2, 0.8, 370, 0.5), { seed: 10 }));
    assert.equal(failure.code, 'recording_person_cut_off');
    assert.match(failure.message, /head is out of the picture/);
  });

  it('fails with recording_invalid on a depth map of the wrong size or a frame without a pose', () => {
    const recording = renderRecording(person, walkPoses(12), { seed: 11 });
    const shortMap = { ...recording, frames: recording.frames.map((f, i) => (i === 4 ? { ...f, depthMm: f.depthMm.subarray(0, 100) } : f)) };
    assert.equal(failureOf(shortMap).code, 'recording_invalid');
    const noPose = { ...recording, frames: recording.frames.map((f, i) => (i === 2 ? { ...f, cameraToWorld: new Float64Array(16).fill(NaN) } : f)) };
    assert.equal(failureOf(noPose).code, 'recording_invalid');
  });
});
