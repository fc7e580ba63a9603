/**
 * Odometry drift of a walk, estimated over the whole recording at once (a pose graph) instead of
 * frame by frame against the model fused so far.
 *
 * Why: a phone's odometry is metric and its consecutive relative poses are nearly exact; what it gets
 * wrong is a slowly varying drift of position and yaw (ARKit's roll and pitch follow gravity). Frame-to-
 * model registration lets every frame move freely, and the model follows the frames it was built from,
 * so any small disagreement between a frame and the model (e.g. the depth-smoothing compensation
 * treating head-on and oblique readings differently) accumulates along the one direction that the
 * frames cannot see: every camera a little closer to the body and every surface a little deeper.
 * Here the correction is a smooth function of time: keyframes every `keyframeEvery` frames carry
 * 4 parameters each (yaw ψ about the keyframe's recorded camera centre ĉ, then a translation d), the
 * frames in between interpolate them linearly, and the parameters are solved from
 *   - the keyframes' consistency with each other: point-to-plane residuals n·(x − y) between the
 *     person's points x of keyframe i and the surface y of keyframe j at the pixel x projects to
 *     (projective association, Blais & Levine 1995; Chen & Medioni 1992), for every pair of keyframes
 *     that look at the person from within maxPairDeg of each other, including the last and the first
 *     (loop closure), Huber-weighted;
 *   - the odometry between consecutive keyframes: Δd ~ N(0, σ_p²·s + 2·j_p²) per axis and
 *     Δψ ~ N(0, σ_ψ²·s + 2·j_ψ²), s the path walked between them (m): a random walk per metre as the
 *     simulator's sensor figures assume (lidar-figures.ts), plus per-frame jitter j;
 *   - the first keyframe anchored at the odometry (within its jitter): the world is where the
 *     recording started.
 * Gauss–Newton on all 4·K parameters (dense Cholesky; K ≈ 50), re-associating every iteration with
 * a shrinking association distance (the loop closure starts centimetres apart).
 * Correction of a world point w by node k: C_k(w) = R_y(ψ_k)·(w − ĉ_k) + ĉ_k + d_k (m, radians; ARKit
 * world frame, y up; R_y right-handed: x' = x cos ψ + z sin ψ). Pure; allocates per call only.
 */
import type { DepthIntrinsics } from '../../domain/phone-recording.ts';
import { multiply4, type Mat4 } from './rigid-transform.ts';

export interface WalkDriftOptions {
  /** A keyframe every n frames (the last frame is always one)... */
  keyframeEvery: number;
  /**
   * ...but at most about this many keyframes (the spacing grows for long recordings): the pairs grow
   * with the square of the keyframes' density and the dense solve with the cube of their number.
   */
  maxKeyframes: number;
  /** Every n-th person pixel (each image axis) of a keyframe is a source point. */
  pointStride: number;
  /** Keyframes whose azimuth about the person differs by at most this (degrees) are compared. */
  maxPairDeg: number;
  /** Compare each pair both ways (i's points on j's surface and j's on i's) or once. */
  bothWays: boolean;
  /** Association distance per Gauss–Newton iteration (m); its length is the number of iterations. */
  associationM: number[];
  /** Iterations before the last association distance use every n-th source point only (coarse to fine). */
  coarseSkip: number;
  /** Stop once the association distance is at its last value and no node moves by more than this (m; yaw counted at 1.5 m). */
  stopM: number;
  /** Huber threshold of the point-to-plane residual (m). */
  huberM: number;
  /** Standard deviation of one point-to-plane residual (m): weighs the data against the odometry. */
  residualSigmaM: number;
  /** Target points seen at a smaller cosine of incidence are left out; the rest weigh cos^incidencePower. */
  minIncidenceCos: number;
  incidencePower: number;
  /** Odometry drift per sqrt(metre walked): position (m) per axis and yaw (rad). */
  driftPositionMPerSqrtM: number;
  driftYawRadPerSqrtM: number;
  /** Odometry jitter per frame: position (m) per axis and yaw (rad). */
  jitterM: number;
  jitterRad: number;
  /**
   * What each node's yaw turns about: the keyframe's recorded camera centre (a walk: the phone's yaw
   * drifts about wherever the phone is) or the person's centre (a turn: the registration's error is a
   * turn of the body about its own axis, which about the camera would also need a large translation).
   */
  pivot?: 'camera' | 'centre';
}

export const DEFAULT_WALK_DRIFT: WalkDriftOptions = {
  keyframeEvery: 5, maxKeyframes: 51, pointStride: 2, maxPairDeg: 35, bothWays: true,
  associationM: [0.05, 0.04, 0.03, 0.02, 0.015, 0.015, 0.015, 0.015], coarseSkip: 4, stopM: 0.0001, huberM: 0.006, residualSigmaM: 0.005,
  minIncidenceCos: 0.3, incidencePower: 2,
  driftPositionMPerSqrtM: 0.005, driftYawRadPerSqrtM: (0.25 * Math.PI) / 180, jitterM: 0.001, jitterRad: (0.05 * Math.PI) / 180,
};

/** One keyframe: its recorded pose and its person-only depth map (m, 0 = not the person). */
export interface DriftKeyframe {
  frameIndex: number;
  cameraToWorld: Mat4;
  intrinsics: DepthIntrinsics;
  depthM: Float32Array;
}

/** Per-keyframe drift correction: yaw (rad) about the recorded camera centre, then translation (m). */
export interface DriftNode { frameIndex: number; yawRad: number; dx: number; dy: number; dz: number; pivot: [number, number, number] }

export interface WalkDriftResult {
  nodes: DriftNode[];
  /** RMS point-to-plane residual of the last iteration (m) and the correspondences it used. */
  rmsM: number;
  correspondences: number;
  pairs: number;
  iterations: number;
}

/**
 * Solves the drift nodes of `keyframes` (in frame order; the first is anchored). width/height: the
 * depth maps' size; centre: the person's centre (world, m), for the pairs' azimuths.
 */
export function estimateWalkDrift(keyframes: DriftKeyframe[], width: number, height: number, centre: [number, number, number], options: WalkDriftOptions = DEFAULT_WALK_DRIFT): WalkDriftResult {
  const k = keyframes.length;
  const n = 4 * k;
  const nodes: DriftNode[] = keyframes.map((f) => ({
    frameIndex: f.frameIndex, yawRad: 0, dx: 0, dy: 0, dz: 0,
    pivot: options.pivot === 'centre' ? [centre[0], centre[1], centre[2]] : [f.cameraToWorld[12], f.cameraToWorld[13], f.cameraToWorld[14]],
  }));
  const pairs = choosePairs(keyframes, centre, options.maxPairDeg, options.bothWays);
  const sources = keyframes.map((f) => sourcePoints(f, width, height, options.pointStride));
  const H = new Float64Array(n * n), g = new Float64Array(n), step = new Float64Array(n);
  const poses = keyframes.map(() => new Float64Array(16)), inverses = keyframes.map(() => new Float64Array(16));
  const correction = new Float64Array(16);
  let rms = 0, used = 0, iterations = 0;
  const lastAssociationM = options.associationM[options.associationM.length - 1];
  const invSigma2 = 1 / (options.residualSigmaM * options.residualSigmaM);
  for (const associationM of options.associationM) {
    H.fill(0); g.fill(0);
    for (let i = 0; i < k; i++) {
      correctionMatrix(nodes[i], correction);
      multiply4(poses[i], correction, keyframes[i].cameraToWorld);
      invertRigidTo(inverses[i], poses[i]);
    }
    let sumSq = 0;
    used = 0;
    for (const [i, j] of pairs) {
      const r = accumulatePair(keyframes[j], sources[i], associationM > lastAssociationM ? options.coarseSkip : 1, poses[i], poses[j], inverses[j], nodes[i], nodes[j], 4 * i, 4 * j, width, height, associationM, options.huberM, invSigma2, options.minIncidenceCos, options.incidencePower, H, g, n);
      sumSq += r.sumSq; used += r.count;
    }
    rms = used > 0 ? Math.sqrt(sumSq / used) : 0;
    addOdometryPrior(keyframes, nodes, options, H, g, n);
    for (let a = 0; a < n; a++) H[a * n + a] += 1e-9;
    if (!solveSpd(H, g, step, n)) break;
    let largestM = 0;
    for (let i = 0; i < k; i++) {
      nodes[i].yawRad -= step[4 * i]; nodes[i].dx -= step[4 * i + 1]; nodes[i].dy -= step[4 * i + 2]; nodes[i].dz -= step[4 * i + 3];
      // Yaw as the displacement it causes at the body, ~1.5 m away.
      largestM = Math.max(largestM, 1.5 * Math.abs(step[4 * i]), Math.abs(step[4 * i + 1]), Math.abs(step[4 * i + 2]), Math.abs(step[4 * i + 3]));
    }
    iterations++;
    // Converged: the association distance has reached its last value and no node moves by stopM.
    if (associationM === lastAssociationM && largestM < options.stopM) break;
  }
  return { nodes, rmsM: rms, correspondences: used, pairs: pairs.length, iterations };
}

/** The correction C of a node as a matrix: C(w) = R_y(ψ)(w − ĉ) + ĉ + d. */
export function correctionMatrix(node: { yawRad: number; dx: number; dy: number; dz: number; pivot: readonly number[] }, out: Mat4): Mat4 {
  const c = Math.cos(node.yawRad), s = Math.sin(node.yawRad);
  const [px, , pz] = node.pivot; // a turn about the vertical leaves the pivot's height out
  out.fill(0);
  out[0] = c; out[2] = -s; out[8] = s; out[10] = c; out[5] = 1; out[15] = 1;
  out[12] = px - (c * px + s * pz) + node.dx;
  out[13] = node.dy;
  out[14] = pz - (-s * px + c * pz) + node.dz;
  return out;
}

/**
 * The correction of frame `frameIndex` (recorded camera centre `centre`, m): the nodes' yaw and
 * translation interpolated linearly in frame index (held beyond the first and last node), applied
 * about the frame's own camera centre, as the drift accumulates about wherever the phone is.
 */
export function frameCorrection(nodes: DriftNode[], frameIndex: number, centre: [number, number, number], out: Mat4): Mat4 {
  let b = 0;
  while (b < nodes.length && nodes[b].frameIndex < frameIndex) b++;
  const hi = nodes[Math.min(b, nodes.length - 1)], lo = nodes[Math.max(0, b - 1)];
  const span = hi.frameIndex - lo.frameIndex;
  const t = span > 0 ? Math.min(1, Math.max(0, (frameIndex - lo.frameIndex) / span)) : 0;
  const mix = (a: number, c: number) => a + t * (c - a);
  return correctionMatrix({ yawRad: mix(lo.yawRad, hi.yawRad), dx: mix(lo.dx, hi.dx), dy: mix(lo.dy, hi.dy), dz: mix(lo.dz, hi.dz), pivot: centre }, out);
}

/** Pairs (i, j) of keyframes that see the person from azimuths within maxDeg of each other (i ≠ j; both directions). */
function choosePairs(keyframes: DriftKeyframe[], centre: [number, number, number], maxDeg: number, bothWays: boolean): [number, number][] {
  const azimuth = keyframes.map((f) => Math.atan2(f.cameraToWorld[14] - centre[2], f.cameraToWorld[12] - centre[0]));
  const pairs: [number, number][] = [];
  const max = (maxDeg * Math.PI) / 180;
  for (let i = 0; i < keyframes.length; i++) {
    for (let j = 0; j < keyframes.length; j++) {
      if (i === j) continue;
      let d = Math.abs(azimuth[i] - azimuth[j]) % (2 * Math.PI);
      if (d > Math.PI) d = 2 * Math.PI - d;
      if (d <= max && (i < j || bothWays)) pairs.push([i, j]);
    }
  }
  return pairs;
}

/** Camera-frame person points of a keyframe, every stride-th pixel (xyz interleaved, m). */
function sourcePoints(f: DriftKeyframe, width: number, height: number, stride: number): Float32Array {
  const out: number[] = [];
  const { fx, fy, cx, cy } = f.intrinsics;
  for (let v = 0; v < height; v += stride) {
    for (let u = 0; u < width; u += stride) {
      const z = f.depthM[v * width + u];
      if (z > 0) out.push(((u - cx) / fx) * z, ((v - cy) / fy) * z, z);
    }
  }
  return Float32Array.from(out);
}

/** One pair's 8 x 8 normal equations (upper triangle) before they are added to the whole system. */
const pairH = new Float64Array(64);
const pairG = new Float64Array(8);
/** Normals are taken from differences over ±NORMAL_PX pixels: ±1 on a 4 x 4-smoothed, noisy map is mostly noise. */
const NORMAL_PX = 2;
/** A neighbour farther than this in depth from the centre pixel is another surface (m). */
const SAME_SURFACE_M = 0.02;

/**
 * Adds one pair's point-to-plane terms to the normal equations (H, g of size n, row-major), with the
 * Jacobian of r = n·(x − y) in the parameters (ψ, d) of node i (x) and node j (y):
 *   ∂r/∂ψ_i = n·(ŷ × (x − ĉ_i − d_i)), ∂r/∂d_i = n, and the negatives for j at y. ŷ × a = (a_z, 0, −a_x).
 */
function accumulatePair(
  target: DriftKeyframe, points: Float32Array, skip: number, poseI: Mat4, poseJ: Mat4, inverseJ: Mat4, nodeI: DriftNode, nodeJ: DriftNode, oi: number, oj: number,
  width: number, height: number, associationM: number, huberM: number, invSigma2: number, minCos: number, power: number, H: Float64Array, g: Float64Array, n: number,
): { sumSq: number; count: number } {
  const { fx, fy, cx, cy } = target.intrinsics;
  const depth = target.depthM;
  const a = poseI, b = inverseJ, p = poseJ;
  let sumSq = 0, count = 0;
  // The pair's 8 x 8 normal equations (upper triangle) and right-hand side, summed in locals: typed-array
  // slots cost V8 a load and a store per term (the same sums in the same order as into arrays).
  let h00 = 0, h01 = 0, h02 = 0, h03 = 0, h04 = 0, h05 = 0, h06 = 0, h07 = 0, h11 = 0, h12 = 0, h13 = 0, h14 = 0, h15 = 0, h16 = 0, h17 = 0, h22 = 0, h23 = 0, h24 = 0, h25 = 0, h26 = 0, h27 = 0, h33 = 0, h34 = 0, h35 = 0, h36 = 0, h37 = 0, h44 = 0, h45 = 0, h46 = 0, h47 = 0, h55 = 0, h56 = 0, h57 = 0, h66 = 0, h67 = 0, h77 = 0;
  let g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0;
  for (let q = 0; q < points.length; q += 3 * skip) {
    const px = points[q], py = points[q + 1], pz = points[q + 2];
    // x: the source point in the (corrected) world; c: the same point in target camera coordinates.
    const xx = a[0] * px + a[4] * py + a[8] * pz + a[12], xy = a[1] * px + a[5] * py + a[9] * pz + a[13], xz = a[2] * px + a[6] * py + a[10] * pz + a[14];
    const ccx = b[0] * xx + b[4] * xy + b[8] * xz + b[12], ccy = b[1] * xx + b[5] * xy + b[9] * xz + b[13], ccz = b[2] * xx + b[6] * xy + b[10] * xz + b[14];
    if (ccz <= 0.1) continue;
    const u = Math.round((fx * ccx) / ccz + cx), v = Math.round((fy * ccy) / ccz + cy);
    if (u < NORMAL_PX || v < NORMAL_PX || u >= width - NORMAL_PX || v >= height - NORMAL_PX) continue;
    const z0 = depth[v * width + u];
    if (z0 === 0 || Math.abs(z0 - ccz) > associationM) continue;
    const zl = depth[v * width + u - NORMAL_PX], zr = depth[v * width + u + NORMAL_PX];
    const zu = depth[(v - NORMAL_PX) * width + u], zd = depth[(v + NORMAL_PX) * width + u];
    if (zl === 0 || zr === 0 || zu === 0 || zd === 0) continue;
    if (Math.abs(zl - z0) > SAME_SURFACE_M || Math.abs(zr - z0) > SAME_SURFACE_M || Math.abs(zu - z0) > SAME_SURFACE_M || Math.abs(zd - z0) > SAME_SURFACE_M) continue;
    // Tangents from the back-projected neighbours (camera frame), normal = tu × tv facing the camera.
    const tux = ((u + NORMAL_PX - cx) / fx) * zr - ((u - NORMAL_PX - cx) / fx) * zl, tuy = ((v - cy) / fy) * (zr - zl), tuz = zr - zl;
    const tvx = ((u - cx) / fx) * (zd - zu), tvy = ((v + NORMAL_PX - cy) / fy) * zd - ((v - NORMAL_PX - cy) / fy) * zu, tvz = zd - zu;
    let nx = tuy * tvz - tuz * tvy, ny = tuz * tvx - tux * tvz, nz = tux * tvy - tuy * tvx;
    const len = Math.hypot(nx, ny, nz);
    if (!(len > 0)) continue;
    nx /= len; ny /= len; nz /= len;
    const yx = ((u - cx) / fx) * z0, yy = ((v - cy) / fy) * z0;
    const rayLen = Math.hypot(yx, yy, z0);
    const cosIncidence = Math.abs(nx * yx + ny * yy + nz * z0) / rayLen;
    if (cosIncidence < minCos) continue;
    // World: y and the normal through the target's corrected pose.
    const wx = p[0] * yx + p[4] * yy + p[8] * z0 + p[12], wy = p[1] * yx + p[5] * yy + p[9] * z0 + p[13], wz = p[2] * yx + p[6] * yy + p[10] * z0 + p[14];
    const mx = p[0] * nx + p[4] * ny + p[8] * nz, my = p[1] * nx + p[5] * ny + p[9] * nz, mz = p[2] * nx + p[6] * ny + p[10] * nz;
    const r = mx * (xx - wx) + my * (xy - wy) + mz * (xz - wz);
    if (Math.abs(r) > associationM) continue;
    const w = (Math.abs(r) <= huberM ? 1 : huberM / Math.abs(r)) * cosIncidence ** power * invSigma2;
    // ŷ × (x − ĉ_i − d_i) and ŷ × (y − ĉ_j − d_j).
    const ax = xz - nodeI.pivot[2] - nodeI.dz, az = xx - nodeI.pivot[0] - nodeI.dx;
    const bx = wz - nodeJ.pivot[2] - nodeJ.dz, bz = wx - nodeJ.pivot[0] - nodeJ.dx;
    const j0 = mx * ax - mz * az, j1 = mx, j2 = my, j3 = mz;
    const j4 = -(mx * bx - mz * bz), j5 = -mx, j6 = -my, j7 = -mz;
    const w0 = w * j0; g0 += w0 * r; h00 += w0 * j0; h01 += w0 * j1; h02 += w0 * j2; h03 += w0 * j3; h04 += w0 * j4; h05 += w0 * j5; h06 += w0 * j6; h07 += w0 * j7;
    const w1 = w * j1; g1 += w1 * r; h11 += w1 * j1; h12 += w1 * j2; h13 += w1 * j3; h14 += w1 * j4; h15 += w1 * j5; h16 += w1 * j6; h17 += w1 * j7;
    const w2 = w * j2; g2 += w2 * r; h22 += w2 * j2; h23 += w2 * j3; h24 += w2 * j4; h25 += w2 * j5; h26 += w2 * j6; h27 += w2 * j7;
    const w3 = w * j3; g3 += w3 * r; h33 += w3 * j3; h34 += w3 * j4; h35 += w3 * j5; h36 += w3 * j6; h37 += w3 * j7;
    const w4 = w * j4; g4 += w4 * r; h44 += w4 * j4; h45 += w4 * j5; h46 += w4 * j6; h47 += w4 * j7;
    const w5 = w * j5; g5 += w5 * r; h55 += w5 * j5; h56 += w5 * j6; h57 += w5 * j7;
    const w6 = w * j6; g6 += w6 * r; h66 += w6 * j6; h67 += w6 * j7;
    const w7 = w * j7; g7 += w7 * r; h77 += w7 * j7;
    sumSq += r * r;
    count++;
  }
  pairH[0] = h00; pairH[1] = h01; pairH[2] = h02; pairH[3] = h03; pairH[4] = h04; pairH[5] = h05; pairH[6] = h06; pairH[7] = h07;
  pairH[9] = h11; pairH[10] = h12; pairH[11] = h13; pairH[12] = h14; pairH[13] = h15; pairH[14] = h16; pairH[15] = h17;
  pairH[18] = h22; pairH[19] = h23; pairH[20] = h24; pairH[21] = h25; pairH[22] = h26; pairH[23] = h27;
  pairH[27] = h33; pairH[28] = h34; pairH[29] = h35; pairH[30] = h36; pairH[31] = h37;
  pairH[36] = h44; pairH[37] = h45; pairH[38] = h46; pairH[39] = h47;
  pairH[45] = h55; pairH[46] = h56; pairH[47] = h57;
  pairH[54] = h66; pairH[55] = h67;
  pairH[63] = h77;
  pairG[0] = g0; pairG[1] = g1; pairG[2] = g2; pairG[3] = g3; pairG[4] = g4; pairG[5] = g5; pairG[6] = g6; pairG[7] = g7;
  for (let s = 0; s < 8; s++) {
    const rs = s < 4 ? oi + s : oj + s - 4;
    g[rs] += pairG[s];
    for (let t = 0; t < 8; t++) H[rs * n + (t < 4 ? oi + t : oj + t - 4)] += t >= s ? pairH[8 * s + t] : pairH[8 * t + s];
  }
  return { sumSq, count };
}

/** Random-walk prior between consecutive nodes and the anchor of the first (see the file comment). */
function addOdometryPrior(keyframes: DriftKeyframe[], nodes: DriftNode[], o: WalkDriftOptions, H: Float64Array, g: Float64Array, n: number): void {
  const value = (node: DriftNode, c: number) => (c === 0 ? node.yawRad : c === 1 ? node.dx : c === 2 ? node.dy : node.dz);
  for (let c = 0; c < 4; c++) {
    const a = 4 * 0 + c;
    const inv = 1 / (c === 0 ? o.jitterRad * o.jitterRad : o.jitterM * o.jitterM);
    H[a * n + a] += inv; g[a] += inv * value(nodes[0], c);
  }
  for (let i = 0; i + 1 < nodes.length; i++) {
    const pathM = pathBetween(keyframes[i].cameraToWorld, keyframes[i + 1].cameraToWorld);
    for (let c = 0; c < 4; c++) {
      const variance = c === 0 ? o.driftYawRadPerSqrtM ** 2 * pathM + 2 * o.jitterRad ** 2 : o.driftPositionMPerSqrtM ** 2 * pathM + 2 * o.jitterM ** 2;
      const inv = 1 / variance, a = 4 * i + c, b = 4 * (i + 1) + c;
      const r = value(nodes[i + 1], c) - value(nodes[i], c);
      H[a * n + a] += inv; H[b * n + b] += inv; H[a * n + b] -= inv; H[b * n + a] -= inv;
      g[a] -= inv * r; g[b] += inv * r;
    }
  }
}

/** Straight distance between two camera centres (m): a lower bound of the path walked, close for keyframes a few frames apart. */
function pathBetween(a: Mat4, b: Mat4): number {
  return Math.hypot(a[12] - b[12], a[13] - b[13], a[14] - b[14]);
}

function invertRigidTo(out: Mat4, m: Mat4): Mat4 {
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) out[4 * c + r] = m[4 * r + c];
  out[3] = out[7] = out[11] = 0; out[15] = 1;
  for (let r = 0; r < 3; r++) out[12 + r] = -(out[r] * m[12] + out[4 + r] * m[13] + out[8 + r] * m[14]);
  return out;
}

/** Solves the SPD system A·x = b (n x n row-major) by Cholesky in place of a copy; false when not SPD. */
function solveSpd(A: Float64Array, b: Float64Array, x: Float64Array, n: number): boolean {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = A[i * n + j];
      for (let q = 0; q < j; q++) s -= l[i * n + q] * l[j * n + q];
      if (i === j) {
        if (!(s > 0)) return false;
        l[i * n + i] = Math.sqrt(s);
      } else l[i * n + j] = s / l[j * n + j];
    }
  }
  for (let i = 0; i < n; i++) {
    let s = b[i];
    for (let q = 0; q < i; q++) s -= l[i * n + q] * x[q];
    x[i] = s / l[i * n + i];
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = x[i];
    for (let q = i + 1; q < n; q++) s -= l[q * n + i] * x[q];
    x[i] = s / l[i * n + i];
  }
  return true;
}
