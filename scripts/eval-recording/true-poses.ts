// A simulated recording with each frame's camera in the body's (trunk's) frame at the first frame:
// true, drift-free poses of a still body (the arm swing of a natural turn stays in the depth). The
// stage scripts fuse it as a walk with trusted poses (stages.ts b and c).
import type { PhoneRecording } from '../../src/domain/phone-recording.ts';
import { invertRigid, multiplyPoses } from '../../src/processing/geometry/camera-pose.ts';
import type { RecordingMode, RecordingReconstructionOptions } from '../../src/processing/recording-reconstruction/reconstruct-recording.ts';
import type { SimulatedRecording } from '../../src/processing/recording-simulator/simulate-recording.ts';

export function withTruePoses(sim: SimulatedRecording): PhoneRecording {
  const { cameraToWorld, bodyToWorld } = sim.truth;
  const frames = sim.recording.frames.map((frame, t) => ({
    ...frame, cameraToWorld: multiplyPoses(bodyToWorld[0], multiplyPoses(invertRigid(bodyToWorld[t]), cameraToWorld[t])),
  }));
  return { ...sim.recording, frames };
}

/**
 * The options that fuse a recordingWithTruePoses as the product fuses that mode, poses aside (stage c):
 * trusted poses fuse as a walk, with the mode's behind band, and for a turn the turn's smoothing
 * compensations and seen-empty closing (the turn's simulated scene has a wall, so no-return carving
 * does not arise). ideal: for the simulator's ideal depth (stage b), with no smoothing to undo.
 */
export function truePoseOptions(reconstruction: RecordingReconstructionOptions, mode: RecordingMode, ideal = false): RecordingReconstructionOptions {
  const trusted = { ...reconstruction, refineWalkPoses: false, walkBehindFactor: mode === 'turn' ? reconstruction.turnBehindFactor : reconstruction.walkBehindFactor };
  if (ideal) return { ...trusted, walkSmoothingVariancePx2: 0, walkSurfaceSmoothingPx2: 0 };
  return mode === 'turn'
    ? { ...trusted, walkSmoothingVariancePx2: reconstruction.turnSmoothingVariancePx2, walkSurfaceSmoothingPx2: reconstruction.turnSurfaceSmoothingPx2, walkMeshEmptyAheadM: reconstruction.turnMeshEmptyAheadM }
    : trusted;
}
