// A simulated recording with each frame's camera in the body's (trunk's) frame at the first frame:
// true, drift-free poses of a still body (the arm swing of a natural turn stays in the depth). The
// stage scripts fuse it as a walk with trusted poses (stages.ts b and c).
import type { PhoneRecording } from '../../src/domain/phone-recording.ts';
import { invertRigid, multiplyPoses } from '../../src/processing/geometry/camera-pose.ts';
import type { SimulatedRecording } from '../../src/processing/recording-simulator/simulate-recording.ts';

export function withTruePoses(sim: SimulatedRecording): PhoneRecording {
  const { cameraToWorld, bodyToWorld } = sim.truth;
  const frames = sim.recording.frames.map((frame, t) => ({
    ...frame, cameraToWorld: multiplyPoses(bodyToWorld[0], multiplyPoses(invertRigid(bodyToWorld[t]), cameraToWorld[t])),
  }));
  return { ...sim.recording, frames };
}
