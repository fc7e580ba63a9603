import type { PhoneRecording } from '../../domain/phone-recording.ts';
import { ProcessingFailure } from '../../domain/processing-failure.ts';

/**
 * Which of the two ways people record a phone recording is, decided from its camera poses alone
 * (decisions.md, "Phone recordings"):
 *   walk  the phone travels (its centres spread over more than STILL_SPREAD_M) and its gaze sweeps
 *         a full circle round the person (at least MIN_SWEEP_DEG about the vertical);
 *   turn  the phone stays put (centres within STILL_SPREAD_M of their median) and keeps looking the
 *         same way (gaze within MAX_STILL_GAZE_DEG), while the person turns in front of it;
 * anything else fails with `recording_motion_unsupported` and a sentence saying what the phone did.
 * Whether a turning person went all the way round is found later, by registering the body.
 *
 * Frame: poses are camera-to-world, OpenCV camera axes, world y up (ARKit). The gaze is the camera
 * z axis projected on the horizontal plane; frames looking within 15 degrees of straight up or down
 * carry no heading and are skipped. Sweep = sum of the wrapped heading changes (degrees, signed).
 */
export interface RecordingMotion {
  kind: 'walk' | 'turn';
  /** Signed heading change summed over the recording (degrees; + is counter-clockwise seen from above). */
  gazeSweepDeg: number;
  /** Largest distance of a camera centre from the median centre (m). */
  positionSpreadM: number;
  /** Length of the camera's path (m). */
  pathM: number;
}

export const STILL_SPREAD_M = 0.3;
export const MAX_STILL_GAZE_DEG = 40;
export const MIN_SWEEP_DEG = 300;
export const MIN_FRAMES = 8;
/** Horizontal length below which the gaze is too close to vertical to have a heading (sin 15 degrees). */
const MIN_HORIZONTAL_GAZE = Math.sin((15 * Math.PI) / 180);

function unsupported(sentence: string): ProcessingFailure {
  return new ProcessingFailure('recording_motion_unsupported', sentence);
}

function median(values: Float64Array): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[sorted.length >> 1];
}

/** Measures the camera motion of a recording and names its kind, or fails saying why it is neither. */
export function classifyRecordingMotion(recording: PhoneRecording): RecordingMotion {
  const frames = recording.frames;
  if (frames.length < MIN_FRAMES) {
    throw unsupported(`The recording has only ${frames.length} frames; record for several seconds while walking round the person or while the person turns.`);
  }
  const xs = new Float64Array(frames.length), ys = new Float64Array(frames.length), zs = new Float64Array(frames.length);
  let pathM = 0;
  let sweepDeg = 0;
  let previousHeading = Number.NaN;
  let firstHeading = Number.NaN;
  let largestGazeOffsetDeg = 0;
  for (let i = 0; i < frames.length; i++) {
    const m = frames[i].cameraToWorld;
    xs[i] = m[12]; ys[i] = m[13]; zs[i] = m[14];
    if (i > 0) pathM += Math.hypot(xs[i] - xs[i - 1], ys[i] - ys[i - 1], zs[i] - zs[i - 1]);
    const gx = m[8], gz = m[10];
    if (Math.hypot(gx, gz) < MIN_HORIZONTAL_GAZE) continue;
    const heading = (Math.atan2(gx, gz) * 180) / Math.PI;
    if (!Number.isNaN(previousHeading)) {
      let step = heading - previousHeading;
      if (step > 180) step -= 360;
      if (step < -180) step += 360;
      sweepDeg += step;
    } else {
      firstHeading = heading;
    }
    let offset = Math.abs(heading - firstHeading) % 360;
    if (offset > 180) offset = 360 - offset;
    largestGazeOffsetDeg = Math.max(largestGazeOffsetDeg, offset);
    previousHeading = heading;
  }
  const cx = median(xs), cy = median(ys), cz = median(zs);
  let spreadM = 0;
  for (let i = 0; i < frames.length; i++) spreadM = Math.max(spreadM, Math.hypot(xs[i] - cx, ys[i] - cy, zs[i] - cz));
  const motion = { gazeSweepDeg: sweepDeg, positionSpreadM: spreadM, pathM };
  if (Number.isNaN(firstHeading)) throw unsupported('The phone pointed straight up or down for the whole recording; point it at the person.');
  const sweep = Math.abs(sweepDeg);
  if (spreadM <= STILL_SPREAD_M) {
    if (largestGazeOffsetDeg <= MAX_STILL_GAZE_DEG) return { kind: 'turn', ...motion };
    throw unsupported(`The phone stayed in place but swung ${Math.round(largestGazeOffsetDeg)} degrees away from where it first pointed; keep it still and pointed at the person while they turn, or walk all the way round them.`);
  }
  if (sweep >= MIN_SWEEP_DEG) return { kind: 'walk', ...motion };
  throw unsupported(`The phone travelled ${pathM.toFixed(1)} m but went only ${Math.round(sweep)} degrees round the person; walk a full circle round them (at least ${MIN_SWEEP_DEG} degrees), or keep the phone still while the person turns.`);
}
