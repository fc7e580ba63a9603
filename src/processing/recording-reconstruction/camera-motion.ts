/**
 * How the phone moved during a recording, from its poses alone: how far its centre wandered, how much
 * it rotated, and how far it went around the person (the unwrapped azimuth of the camera centre
 * about the person's vertical axis). A walk goes around; a phone on a stand stays put.
 * World frame (ARKit: metres, y up).
 */
import type { DepthFrame } from '../../domain/phone-recording.ts';
import { wrapAngleRad } from './rigid-transform.ts';

export interface CameraMotion {
  /** Largest distance of a camera centre from the mean centre (m). */
  spreadM: number;
  /** Largest angle between a frame's viewing direction and the first frame's (degrees). */
  maxViewChangeDeg: number;
  /** Range of the unwrapped azimuth of the camera about the person's centre (degrees). */
  sweepDeg: number;
  /** Mean horizontal distance of the camera from the person's centre (m). */
  meanDistanceM: number;
}

/** Motion of the cameras of `frames` relative to a person standing at world (x, ·, z) = centre. */
export function analyseCameraMotion(frames: readonly DepthFrame[], centre: [number, number, number]): CameraMotion {
  const n = frames.length;
  let mx = 0, my = 0, mz = 0;
  for (const f of frames) { mx += f.cameraToWorld[12]; my += f.cameraToWorld[13]; mz += f.cameraToWorld[14]; }
  mx /= n; my /= n; mz /= n;
  let spreadM = 0, maxView = 0, distance = 0;
  let previous = 0, unwrapped = 0, lo = 0, hi = 0;
  const first = frames[0].cameraToWorld;
  frames.forEach((f, i) => {
    const m = f.cameraToWorld;
    spreadM = Math.max(spreadM, Math.hypot(m[12] - mx, m[13] - my, m[14] - mz));
    // Viewing direction is the camera's +z axis (third column).
    const dot = m[8] * first[8] + m[9] * first[9] + m[10] * first[10];
    maxView = Math.max(maxView, Math.acos(Math.max(-1, Math.min(1, dot))));
    const dx = m[12] - centre[0], dz = m[14] - centre[2];
    distance += Math.hypot(dx, dz);
    const azimuth = Math.atan2(dz, dx);
    if (i > 0) {
      unwrapped += wrapAngleRad(azimuth - previous);
      lo = Math.min(lo, unwrapped); hi = Math.max(hi, unwrapped);
    }
    previous = azimuth;
  });
  return { spreadM, maxViewChangeDeg: (maxView * 180) / Math.PI, sweepDeg: ((hi - lo) * 180) / Math.PI, meanDistanceM: distance / n };
}
