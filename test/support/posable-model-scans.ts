/**
 * Scanner-like captures of bodies made by the posable model itself, with the truth kept: posed
 * joints and a body part per capture point. Canonical measuring frame (m, Y up, facing +Z, soles at
 * y = 0). Contact is handled as a scanner sees it: surface buried inside another part (an arm
 * pressed into the torso) yields no points.
 */
import type { BodyParams, PosableBodyModel, PosedBody } from '../../src/processing/body-model/posable-model-types.ts';
import { BODY_PARTS, NO_PART } from '../../src/processing/body-model/posable-model-types.ts';
import { allocatePosedBody, poseBody, standardPose } from '../../src/processing/body-model/posable-body-model.ts';
import type { StandardPoseOptions } from '../../src/processing/body-model/posable-body-model.ts';
import { vertexNormals } from '../../src/processing/body-model/fit-kinematics.ts';
import { buildPointGrid, nearestInGrid } from '../../src/processing/body-model/point-grid.ts';
import type { PointGrid } from '../../src/processing/body-model/point-grid.ts';
import { makeGaussian, makeRandom } from '../../src/processing/geometry/prng.ts';

/** Coarse groups whose surfaces can press into each other: torso+head, left arm, right arm, left leg, right leg. */
function groupOf(part: number): number {
  const name = BODY_PARTS[part];
  if (name === 'torso' || name === 'head') return 0;
  if (name.endsWith('Left') && (name.startsWith('upperArm') || name.startsWith('forearm') || name.startsWith('hand'))) return 1;
  if (name.endsWith('Right') && (name.startsWith('upperArm') || name.startsWith('forearm') || name.startsWith('hand'))) return 2;
  if (name.endsWith('Left')) return 3;
  return 4;
}

export interface PosedTruth {
  params: BodyParams;
  body: PosedBody;
  normals: Float32Array;
  /** One grid per group over that group's posed vertices, and their vertex lists. */
  groupGrids: PointGrid[];
  groupVertices: Uint32Array[];
}

export function poseTruth(model: PosableBodyModel, params: BodyParams): PosedTruth {
  const body = allocatePosedBody(model);
  poseBody(model, params, body);
  // Stand on y = 0.
  let minY = Infinity;
  for (let i = 1; i < body.positionsM.length; i += 3) minY = Math.min(minY, body.positionsM[i]);
  for (const a of [body.positionsM, body.boneHeadM, body.boneTailM]) for (let i = 1; i < a.length; i += 3) a[i] -= minY;
  params.rootTranslationM[1] -= minY;
  return truthFromPosed(model, params, body);
}

/** The truth record of a posed body already standing on y = 0 (any body with the model's mesh). */
export function truthFromPosed(model: PosableBodyModel, params: BodyParams, body: PosedBody): PosedTruth {
  const normals = new Float32Array(3 * model.vertexCount);
  vertexNormals(body.positionsM, model.triangles, normals);
  const groupVertices: Uint32Array[] = [];
  const groupGrids: PointGrid[] = [];
  for (let g = 0; g < 5; g++) {
    const list: number[] = [];
    for (let v = 0; v < model.vertexCount; v++) if (groupOf(model.vertexPart[v]) === g) list.push(v);
    const verts = Uint32Array.from(list);
    const pts = new Float32Array(3 * verts.length);
    verts.forEach((v, i) => pts.set(body.positionsM.subarray(3 * v, 3 * v + 3), 3 * i));
    groupVertices.push(verts);
    groupGrids.push(buildPointGrid(pts, verts.length, 0.015));
  }
  return { params, body, normals, groupGrids, groupVertices };
}

/**
 * Depth (m) by which (x, y, z) lies inside group g's surface, judged from g's nearest vertex and its
 * normal (positive inside, negative outside; NaN when no vertex of g is within 3 cm).
 */
export function depthInside(model: PosableBodyModel, truth: PosedTruth, g: number, x: number, y: number, z: number): number {
  const j = nearestInGrid(truth.groupGrids[g], x, y, z, 0.03);
  if (j < 0) return NaN;
  const v = truth.groupVertices[g][j], p = truth.body.positionsM, n = truth.normals;
  return -((x - p[3 * v]) * n[3 * v] + (y - p[3 * v + 1]) * n[3 * v + 1] + (z - p[3 * v + 2]) * n[3 * v + 2]);
}

/**
 * The stance `base` with the arms lowered as far as they go before pressing into the torso: the
 * largest armsDownDeg (in 1° steps from 85°) at which no mid-upper-arm vertex lies more than 4 mm
 * inside the torso (judged from the nearest torso vertex's normal, which reads a few mm even without
 * contact where the arm leaves the torso), so the arm touches with about 0-5 mm clearance.
 */
export function armsDownTouching(model: PosableBodyModel, shape: Float32Array, base: StandardPoseOptions): BodyParams {
  const deg = contactAngleDeg(model, (armsDownDeg) => poseTruth(model, standardPose(model, { ...base, armsDownDeg }, shape)));
  return standardPose(model, { ...base, armsDownDeg: deg }, shape);
}

/** The contact search of armsDownTouching for any way `poseAt(armsDownDeg)` of posing a body. */
export function contactAngleDeg(model: PosableBodyModel, poseAt: (armsDownDeg: number) => PosedTruth): number {
  const upper = [BODY_PARTS.indexOf('upperArmLeft'), BODY_PARTS.indexOf('upperArmRight')];
  for (let deg = 85; deg > 40; deg--) {
    const truth = poseAt(deg);
    let deepest = -Infinity;
    for (let v = 0; v < model.vertexCount; v++) {
      const part = model.vertexPart[v];
      if (!upper.includes(part)) continue;
      const p = truth.body.positionsM;
      // Mid upper arm only (30-85% of the bone): the armpit end is skinned into the torso anyway.
      const b = model.boneNames.indexOf(BODY_PARTS[part]), h = truth.body.boneHeadM, t = truth.body.boneTailM;
      const ux = t[3 * b] - h[3 * b], uy = t[3 * b + 1] - h[3 * b + 1], uz = t[3 * b + 2] - h[3 * b + 2];
      const s = ((p[3 * v] - h[3 * b]) * ux + (p[3 * v + 1] - h[3 * b + 1]) * uy + (p[3 * v + 2] - h[3 * b + 2]) * uz) / (ux * ux + uy * uy + uz * uz);
      if (s < 0.3 || s > 0.85) continue;
      const d = depthInside(model, truth, 0, p[3 * v], p[3 * v + 1], p[3 * v + 2]);
      if (d > deepest) deepest = d;
    }
    if (deepest < 0.004) return deg;
  }
  throw new Error('armsDownTouching: no contact-free angle above 40°');
}

export interface ScanOptions {
  count: number;
  seed: number;
  noiseM: number;
  /** Removes surface points (holes, a missing back). */
  drop?: (x: number, y: number, z: number) => boolean;
  /** Noisy floor points around the feet at y ∈ [0, 3 mm]. */
  floorPoints?: number;
}

export interface ModelScan {
  points: Float32Array;
  count: number;
  /** True body part per point (NO_PART for floor points). */
  truePart: Uint8Array;
  /** Index of the first floor point (= count when none). */
  floorFrom: number;
}

/**
 * `count` uniform surface samples (area-weighted triangle, uniform barycentric) with each sample's
 * true part: that of the triangle corner it lies nearest to in barycentric terms (so a point on an
 * arm triangle is arm, however near the torso's vertices are).
 */
function sampleWithParts(model: PosableBodyModel, p: Float32Array, count: number, seed: number): { points: Float32Array; part: Uint8Array } {
  const tri = model.triangles, T = tri.length / 3;
  const cumulative = new Float64Array(T);
  let total = 0;
  for (let t = 0; t < T; t++) {
    const a = 3 * tri[3 * t], b = 3 * tri[3 * t + 1], c = 3 * tri[3 * t + 2];
    const ux = p[b] - p[a], uy = p[b + 1] - p[a + 1], uz = p[b + 2] - p[a + 2];
    const vx = p[c] - p[a], vy = p[c + 1] - p[a + 1], vz = p[c + 2] - p[a + 2];
    total += 0.5 * Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
    cumulative[t] = total;
  }
  const random = makeRandom(seed);
  const points = new Float32Array(3 * count), part = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const target = random() * total;
    let lo = 0, hi = T - 1;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (cumulative[mid] < target) lo = mid + 1; else hi = mid; }
    const s = Math.sqrt(random()), r2 = random();
    const w = [1 - s, s * (1 - r2), s * r2];
    for (let k = 0; k < 3; k++) points[3 * i + k] = w[0] * p[3 * tri[3 * lo] + k] + w[1] * p[3 * tri[3 * lo + 1] + k] + w[2] * p[3 * tri[3 * lo + 2] + k];
    const corner = w[0] >= w[1] && w[0] >= w[2] ? 0 : w[1] >= w[2] ? 1 : 2;
    part[i] = model.vertexPart[tri[3 * lo + corner]];
  }
  return { points, part };
}

/** Surface samples of the posed truth, buried surface removed, noise added, optional holes and floor. */
export function scanTruth(model: PosableBodyModel, truth: PosedTruth, options: ScanOptions): ModelScan {
  const p = truth.body.positionsM;
  const { points: raw, part: rawPart } = sampleWithParts(model, p, options.count, options.seed);
  const gauss = makeGaussian(makeRandom(options.seed + 1));
  const floor = options.floorPoints ?? 0;
  const out = new Float32Array(3 * (options.count + floor));
  const part = new Uint8Array(options.count + floor);
  let n = 0;
  for (let i = 0; i < options.count; i++) {
    const x = raw[3 * i], y = raw[3 * i + 1], z = raw[3 * i + 2];
    if (options.drop?.(x, y, z)) continue;
    const own = groupOf(rawPart[i]);
    let buried = false;
    for (let g = 0; g < 5 && !buried; g++) if (g !== own && depthInside(model, truth, g, x, y, z) > 0.001) buried = true;
    if (buried) continue;
    out[3 * n] = x + options.noiseM * gauss(); out[3 * n + 1] = y + options.noiseM * gauss(); out[3 * n + 2] = z + options.noiseM * gauss();
    part[n++] = rawPart[i];
  }
  const floorFrom = n;
  const random = makeRandom(options.seed + 2);
  for (let i = 0; i < floor; i++) {
    out[3 * n] = (random() - 0.5) * 1.0; out[3 * n + 1] = 0.003 * random(); out[3 * n + 2] = (random() - 0.5) * 1.0;
    part[n++] = NO_PART;
  }
  return { points: out.subarray(0, 3 * n), count: n, truePart: part.subarray(0, n), floorFrom };
}

/** Largest distance (mm) between fitted and true posed joints (bone heads). */
export function worstJointErrorMm(fitHeads: Float32Array, trueHeads: Float32Array): { mm: number; bone: number } {
  let worst = 0, bone = -1;
  for (let b = 0; 3 * b < trueHeads.length; b++) {
    const d = Math.hypot(fitHeads[3 * b] - trueHeads[3 * b], fitHeads[3 * b + 1] - trueHeads[3 * b + 1], fitHeads[3 * b + 2] - trueHeads[3 * b + 2]);
    if (d > worst) { worst = d; bone = b; }
  }
  return { mm: 1000 * worst, bone };
}

/** Share of points i in [from, to) passing `keep` whose found part equals the true part. */
export function partAgreement(found: Uint8Array, truth: Uint8Array, from = 0, to = truth.length, keep: (i: number) => boolean = () => true): { share: number; n: number } {
  let same = 0, n = 0;
  for (let i = from; i < to; i++) {
    if (!keep(i)) continue;
    n++;
    if (found[i] === truth[i]) same++;
  }
  return { share: same / Math.max(1, n), n };
}
