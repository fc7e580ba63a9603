/**
 * Phone recordings of analytic scenes, for the reconstruction tests: each depth pixel is the exact
 * z-depth of the first hit of its ray with spheres, capsules and ellipsoids (the "body", which may
 * move: turn), a floor (y = 0) and optional walls, plus optional Gaussian noise. Cameras follow
 * OpenCV axes (x right, y down, z forward) in ARKit's world (m, y up); pixel centres at integers.
 */
import type { DepthFrame, PhoneRecording } from '../../src/domain/phone-recording.ts';
import { makeGaussian, makeRandom } from '../../src/processing/geometry/prng.ts';
import { invertRigid, multiply4, yawTransform, type Mat4 } from '../../src/processing/recording-reconstruction/rigid-transform.ts';

export type Primitive =
  | { kind: 'sphere'; centre: [number, number, number]; radius: number }
  | { kind: 'capsule'; a: [number, number, number]; b: [number, number, number]; radius: number }
  | { kind: 'ellipsoid'; centre: [number, number, number]; radii: [number, number, number] };

export interface Scene {
  /** Primitives in the body frame (m); the body frame is placed in the world by bodyToWorld(t). */
  body: Primitive[];
  floor: boolean;
  /** Vertical walls: points p with n·p = offset (n horizontal unit). */
  walls?: { normal: [number, number, number]; offset: number }[];
}

export interface RenderOptions {
  width?: number;
  height?: number;
  /** Depth focal length (px); 213 ≈ a 1920-px RGB K of fx 1600 scaled to 256. */
  focalPx?: number;
  noiseSigmaM?: number;
  seed?: number;
  /** Body placement for frame t (column-major 4x4); identity when absent. */
  bodyToWorld?: (t: number) => Mat4;
}

/** A standing capsule person, 1.75 m tall, arms in an A-pose; the torso is an ellipsoid of radii 0.17 x 0.11 m at y = 1.15 m. */
export function capsulePerson(): Primitive[] {
  return [
    { kind: 'capsule', a: [0.1, 0.08, 0], b: [0.1, 0.85, 0], radius: 0.07 },
    { kind: 'capsule', a: [-0.1, 0.08, 0], b: [-0.1, 0.85, 0], radius: 0.07 },
    { kind: 'ellipsoid', centre: [0, 1.15, 0], radii: [0.17, 0.36, 0.11] },
    { kind: 'capsule', a: [0.23, 1.38, 0], b: [0.32, 0.82, 0], radius: 0.045 },
    { kind: 'capsule', a: [-0.23, 1.38, 0], b: [-0.32, 0.82, 0], radius: 0.045 },
    { kind: 'capsule', a: [0, 1.45, 0], b: [0, 1.56, 0], radius: 0.055 },
    { kind: 'sphere', centre: [0, 1.65, 0], radius: 0.1 },
  ];
}

/**
 * Camera-to-world pose of a camera at `eye` looking at `target`, held in portrait (image x along world
 * down, so the 256-px side is vertical) or landscape.
 */
export function lookAt(eye: [number, number, number], target: [number, number, number], portrait = true): Mat4 {
  let fx = target[0] - eye[0], fy = target[1] - eye[1], fz = target[2] - eye[2];
  const fl = Math.hypot(fx, fy, fz); fx /= fl; fy /= fl; fz /= fl;
  // right = f × up(0,1,0), down = f × right.
  let rx = -fz, ry = 0, rz = fx;
  const rl = Math.hypot(rx, ry, rz); rx /= rl; ry /= rl; rz /= rl;
  const dx = fy * rz - fz * ry, dy = fz * rx - fx * rz, dz = fx * ry - fy * rx;
  const m = new Float64Array(16);
  // Portrait: camera x = world down, camera y = −right (still right-handed with z = f).
  const xAxis = portrait ? [dx, dy, dz] : [rx, ry, rz];
  const yAxis = portrait ? [-rx, -ry, -rz] : [dx, dy, dz];
  m.set([...xAxis, 0, ...yAxis, 0, fx, fy, fz, 0, eye[0], eye[1], eye[2], 1]);
  return m;
}

/** Poses of a walk: `frames` cameras on a circle of `radiusM` at `heightM`, over `sweepDeg`, looking at the body. */
export function walkPoses(frames: number, radiusM = 1.8, heightM = 1.0, sweepDeg = 380, lookAtY = 0.9): Mat4[] {
  return Array.from({ length: frames }, (_, t) => {
    const a = (sweepDeg * Math.PI / 180) * (t / (frames - 1));
    return lookAt([radiusM * Math.sin(a), heightM, radiusM * Math.cos(a)], [0, lookAtY, 0]);
  });
}

/** A turn: the phone still at `distanceM`, the body turning `turnDeg` about its vertical axis over the frames. */
export function turnSetup(frames: number, turnDeg = 380, distanceM = 2.0): { poses: Mat4[]; bodyToWorld: (t: number) => Mat4 } {
  const pose = lookAt([0, 1.0, distanceM], [0, 0.9, 0]);
  return {
    poses: Array.from({ length: frames }, () => pose),
    bodyToWorld: (t) => yawTransform((turnDeg * Math.PI / 180) * (t / (frames - 1))),
  };
}

function hitPrimitive(p: Primitive, ox: number, oy: number, oz: number, dx: number, dy: number, dz: number): number {
  if (p.kind === 'sphere') return hitSphere(ox - p.centre[0], oy - p.centre[1], oz - p.centre[2], dx, dy, dz, p.radius);
  if (p.kind === 'ellipsoid') {
    const [a, b, c] = p.radii;
    return hitSphere((ox - p.centre[0]) / a, (oy - p.centre[1]) / b, (oz - p.centre[2]) / c, dx / a, dy / b, dz / c, 1);
  }
  // Capsule: the nearer of the cylinder's side and the two end spheres.
  const ax = p.b[0] - p.a[0], ay = p.b[1] - p.a[1], az = p.b[2] - p.a[2];
  const len = Math.hypot(ax, ay, az), ux = ax / len, uy = ay / len, uz = az / len;
  const wx = ox - p.a[0], wy = oy - p.a[1], wz = oz - p.a[2];
  const dd = dx * ux + dy * uy + dz * uz, wd = wx * ux + wy * uy + wz * uz;
  const px = dx - dd * ux, py = dy - dd * uy, pz = dz - dd * uz;
  const qx = wx - wd * ux, qy = wy - wd * uy, qz = wz - wd * uz;
  const A = px * px + py * py + pz * pz, B = 2 * (px * qx + py * qy + pz * qz), C = qx * qx + qy * qy + qz * qz - p.radius * p.radius;
  let best = Infinity;
  const disc = B * B - 4 * A * C;
  if (A > 1e-12 && disc >= 0) {
    const t = (-B - Math.sqrt(disc)) / (2 * A);
    const s = wd + t * dd;
    if (t > 0 && s >= 0 && s <= len) best = t;
  }
  best = Math.min(best, hitSphere(wx, wy, wz, dx, dy, dz, p.radius), hitSphere(ox - p.b[0], oy - p.b[1], oz - p.b[2], dx, dy, dz, p.radius));
  return best;
}

/** First positive t of |o + t·d| = r, or Infinity. */
function hitSphere(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, r: number): number {
  const A = dx * dx + dy * dy + dz * dz, B = 2 * (ox * dx + oy * dy + oz * dz), C = ox * ox + oy * oy + oz * oz - r * r;
  const disc = B * B - 4 * A * C;
  if (disc < 0) return Infinity;
  const t = (-B - Math.sqrt(disc)) / (2 * A);
  return t > 0 ? t : Infinity;
}

/** Renders the scene from each camera-to-world pose into a PhoneRecording (depth in mm, confidence 2 everywhere hit). */
export function renderRecording(scene: Scene, poses: Mat4[], options: RenderOptions = {}): PhoneRecording {
  const width = options.width ?? 256, height = options.height ?? 192, f = options.focalPx ?? 213;
  const intrinsics = { fx: f, fy: f, cx: (width - 1) / 2, cy: (height - 1) / 2 };
  const gaussian = makeGaussian(makeRandom(options.seed ?? 1));
  const worldToBody = new Float64Array(16), camToBody = new Float64Array(16);
  const frames: DepthFrame[] = poses.map((pose, t) => {
    const bodyToWorld = options.bodyToWorld ? options.bodyToWorld(t) : yawTransform(0);
    invertRigid(worldToBody, bodyToWorld);
    multiply4(camToBody, worldToBody, pose);
    const depthMm = new Uint16Array(width * height);
    const confidence = new Uint8Array(width * height);
    for (let v = 0; v < height; v++) {
      for (let u = 0; u < width; u++) {
        // Ray with unit z in the camera frame, so t is the z-depth.
        const rx = (u - intrinsics.cx) / f, ry = (v - intrinsics.cy) / f;
        const wx = pose[0] * rx + pose[4] * ry + pose[8], wy = pose[1] * rx + pose[5] * ry + pose[9], wz = pose[2] * rx + pose[6] * ry + pose[10];
        let best = Infinity;
        if (scene.floor && wy < 0) best = -pose[13] / wy;
        for (const wall of scene.walls ?? []) {
          const denom = wall.normal[0] * wx + wall.normal[1] * wy + wall.normal[2] * wz;
          if (Math.abs(denom) < 1e-9) continue;
          const t = (wall.offset - (wall.normal[0] * pose[12] + wall.normal[1] * pose[13] + wall.normal[2] * pose[14])) / denom;
          if (t > 0 && t < best) best = t;
        }
        const bx = camToBody[0] * rx + camToBody[4] * ry + camToBody[8], by = camToBody[1] * rx + camToBody[5] * ry + camToBody[9], bz = camToBody[2] * rx + camToBody[6] * ry + camToBody[10];
        for (const p of scene.body) best = Math.min(best, hitPrimitive(p, camToBody[12], camToBody[13], camToBody[14], bx, by, bz));
        if (!(best < 6)) continue;
        const z = best + (options.noiseSigmaM ? options.noiseSigmaM * gaussian() : 0);
        depthMm[v * width + u] = Math.max(1, Math.round(z * 1000));
        confidence[v * width + u] = 2;
      }
    }
    return { frame: t, timestampS: t / 60, depthMm, confidence, cameraToWorld: Float64Array.from(pose), intrinsics };
  });
  return { width, height, frames, variant: { source: 'analytic' } };
}
