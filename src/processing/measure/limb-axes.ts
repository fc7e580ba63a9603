/**
 * Limb axes and limb landmarks. A limb's axis is the principal axis (PCA) of the points of its
 * slice loops; girth profiles along the axis locate the joints by the sites' own definitions (docs/measurements.md):
 * elbow = narrowest arm girth between 30% and 60% of acromion→fingertip, wrist = narrowest between
 * 65% and 88%, forearm = widest between them; knee = narrowest leg girth between 50% and 75% of
 * crotch height, calf = widest between 30% of crotch height and the knee, ankle = narrowest
 * between 4.5% of stature and the calf. The acromion is where the arm axis leaves the body at the
 * top: the apex of a paraboloid s = s0 + c·ρ² fitted to the points within 2 cm of the axis there
 * (unbiased under symmetric noise, unlike the single highest point).
 * All lengths in metres, canonical frame.
 */
import type { Vec3 } from '../geometry/pca.ts';
import { principalAxes } from '../geometry/pca.ts';
import { hypot2 } from '../geometry/polar.ts';
import { findArmBend } from './arm-bend.ts';
import type { Loop, SliceStack } from './slices.ts';
import { sliceOf } from './slices.ts';
import { extremumIndex, LIMB_PLATEAU_M, softExtremumIndex } from './profile-extremum.ts';

/** Bin length along a limb axis for the acromion walk and the radial profiles (m). */
const PROFILE_BIN_M = 0.005;
/**
 * The knee near a fitted knee joint: softExtremumIndex's scale (m of mean radius). The leg's
 * narrowest section there is flat to a millimetre over centimetres; its argmin moved 34–46 mm
 * between two phone recordings of one slim body (and every thigh site with it), the soft minimum
 * 5 mm (docs/measurements.md, "legs").
 */
export const KNEE_SOFTNESS_M = 0.001;
/** Radius of the acromion search's cylinder about its line (m). */
const NEAR_AXIS_M = 0.02;
/** Acromion surface runs up to this long are a dome's, from GRAZING_RUN_M a grazed top's (m). */
const DOME_RUN_M = 0.02, GRAZING_RUN_M = 0.05;

export interface LimbAxis {
  /** Point on the axis (m): the acromion for arms, the point at crotch height for legs. */
  origin: Vec3;
  /** Unit direction pointing away from the trunk (down the limb). */
  dir: Vec3;
}

export interface ArmLandmarks extends LimbAxis {
  /** Distances along the arm from the acromion (m): along the upper arm to the elbow, then along the forearm. */
  elbowS: number;
  wristS: number;
  forearmS: number;
  fingertipS: number;
  /** Elbow point and forearm direction (equal to origin + elbowS·dir and dir for a straight arm). */
  elbowPoint: Vec3;
  forearmDir: Vec3;
  /** The acromion on the surface, when it is not `origin` (fitted arms: origin is its projection on the bone line). */
  acromionPoint?: Vec3;
}

/** Point (m) and cut normal at distance s along the (possibly bent) arm. */
export function armPointAt(arm: ArmLandmarks, s: number): { point: Vec3; normal: Vec3 } {
  if (s <= arm.elbowS) return { point: axisPointAtS(arm, s), normal: arm.dir };
  const f = s - arm.elbowS;
  return { point: [arm.elbowPoint[0] + f * arm.forearmDir[0], arm.elbowPoint[1] + f * arm.forearmDir[1], arm.elbowPoint[2] + f * arm.forearmDir[2]], normal: arm.forearmDir };
}

export interface LegLandmarks extends LimbAxis {
  kneeY: number;
  calfY: number;
  ankleY: number;
}

/** Collects the points of the given per-slice loops, for slices whose centre lies in [y0, y1]. */
function loopPoints(stack: SliceStack, loops: (Loop | null)[], y0: number, y1: number): Float64Array {
  const s0 = sliceOf(stack, y0), s1 = sliceOf(stack, y1);
  // Count, then fill: the result is allocated once at its final size.
  let count = 0;
  for (let s = s0; s <= s1; s++) {
    const loop = loops[s];
    if (!loop) continue;
    for (let k = stack.start[s]; k < stack.start[s + 1]; k++) if (stack.labels[k] === loop.label) count++;
  }
  const out = new Float64Array(3 * count);
  let m = 0;
  for (let s = s0; s <= s1; s++) {
    const loop = loops[s];
    if (!loop) continue;
    for (let k = stack.start[s]; k < stack.start[s + 1]; k++) {
      if (stack.labels[k] !== loop.label) continue;
      out[m++] = stack.points[3 * k]; out[m++] = stack.points[3 * k + 1]; out[m++] = stack.points[3 * k + 2];
    }
  }
  return out;
}

/** Projection s along dir and distance ρ from the axis line for point p. */
export function axial(axis: LimbAxis, x: number, y: number, z: number): [number, number] {
  const dx = x - axis.origin[0], dy = y - axis.origin[1], dz = z - axis.origin[2];
  const s = dx * axis.dir[0] + dy * axis.dir[1] + dz * axis.dir[2];
  const rho = Math.sqrt(Math.max(0, dx * dx + dy * dy + dz * dz - s * s));
  return [s, rho];
}

/**
 * Median distance to the axis in axial bins over [s0, s1] (NaN where empty). The median ignores
 * stray points of another body part that a slice loop may have picked up.
 */
export function radialProfile(pts: Float64Array, axis: LimbAxis, s0: number, s1: number, binM: number): Float64Array {
  const bins = Math.max(1, Math.ceil((s1 - s0) / binM));
  // Bucket the distances by bin in one flat array (counting sort), then take each bin's median.
  const n = pts.length / 3;
  const binOf = new Int32Array(n), rhoOf = new Float64Array(n);
  const start = new Int32Array(bins + 1);
  for (let j = 0; j < n; j++) {
    const [s, rho] = axial(axis, pts[3 * j], pts[3 * j + 1], pts[3 * j + 2]);
    const b = Math.floor((s - s0) / binM);
    binOf[j] = b >= 0 && b < bins ? b : -1;
    rhoOf[j] = rho;
    if (binOf[j] >= 0) start[b + 1]++;
  }
  for (let b = 0; b < bins; b++) start[b + 1] += start[b];
  const cursor = start.slice(0, bins);
  const values = new Float64Array(start[bins]);
  for (let j = 0; j < n; j++) if (binOf[j] >= 0) values[cursor[binOf[j]]++] = rhoOf[j];
  const out = new Float64Array(bins);
  for (let b = 0; b < bins; b++) {
    const count = start[b + 1] - start[b];
    if (count <= 3) { out[b] = NaN; continue; }
    const v = values.subarray(start[b], start[b + 1]).sort();
    out[b] = v[count >> 1];
  }
  return out;
}

export function armLandmarks(stack: SliceStack, loops: (Loop | null)[], handBottomY: number, armpitY: number, side: 1 | -1): ArmLandmarks {
  const pts = loopPoints(stack, loops, handBottomY, armpitY - 0.02);
  let pca = principalAxes(pts, pts.length / 3);
  let dir = pca.axes[0];
  if (dir[1] > 0) dir = [-dir[0], -dir[1], -dir[2]];
  let axis: LimbAxis = { origin: pca.mean, dir };
  const bend = findArmBend(stack, loops, handBottomY, armpitY);
  if (bend) { dir = bend.upper.dir; axis = { origin: bend.upper.point, dir }; }
  // Horizontal slices chop the tilted arm obliquely at both ends, which biases PCA sideways; refit
  // on an axial range cut perpendicular to the first axis, well inside both chops (two passes).
  for (let pass = 0; pass < (bend ? 0 : 2); pass++) {
    const sTopChop = (armpitY - 0.02 - axis.origin[1]) / axis.dir[1];
    const sBottomChop = (handBottomY - axis.origin[1]) / axis.dir[1];
    const s0 = sTopChop + 0.08, s1 = sBottomChop - 0.08;
    if (!(s1 - s0 > 0.1)) break;
    const current = axis;
    pca = principalAxes(pts, pts.length / 3, (i) => {
      const [sa] = axial(current, pts[3 * i], pts[3 * i + 1], pts[3 * i + 2]);
      return sa >= s0 && sa <= s1;
    });
    dir = pca.axes[0];
    if (dir[1] > 0) dir = [-dir[0], -dir[1], -dir[2]];
    axis = { origin: pca.mean, dir };
  }
  const armpitS = (armpitY - axis.origin[1]) / dir[1];
  const s0 = findAcromionS(stack, axis, armpitS, side);
  const bin = PROFILE_BIN_M;
  const origin: Vec3 = [axis.origin[0] + s0 * dir[0], axis.origin[1] + s0 * dir[1], axis.origin[2] + s0 * dir[2]];
  const arm: LimbAxis = { origin, dir };
  const all = loopPoints(stack, loops, handBottomY - 0.02, armpitY);
  let fingertip = 0;
  for (let i = 0; i < all.length; i += 3) {
    const [s, rho] = axial(arm, all[i], all[i + 1], all[i + 2]);
    if (rho < 0.03 && s > fingertip) fingertip = s;
  }
  if (bend) {
    // Bent arm: the elbow is where the two segments meet; forearm sites run along the forearm line.
    const elbowS = dot3(bend.elbow, origin, dir);
    const fore: LimbAxis = { origin: bend.elbow, dir: bend.fore.dir };
    const lower = loopPoints(stack, loops, handBottomY - 0.02, bend.elbow[1]);
    let tip = 0;
    for (let i = 0; i < lower.length; i += 3) {
      const [s, rho] = axial(fore, lower[i], lower[i + 1], lower[i + 2]);
      if (rho < 0.03 && s > tip) tip = s;
    }
    const foreProfile = radialProfile(lower, fore, 0, tip, bin);
    const atF = (f: number) => Math.round((f * tip) / bin);
    const wristF = extremumIndex(foreProfile, atF(0.42), atF(0.66), -1) * bin + bin / 2;
    const forearmF = extremumIndex(foreProfile, atF(0.05), Math.round(wristF / bin), 1) * bin + bin / 2;
    return { origin, dir, elbowS, wristS: elbowS + wristF, forearmS: elbowS + forearmF, fingertipS: elbowS + tip, elbowPoint: bend.elbow, forearmDir: bend.fore.dir };
  }
  const profile = radialProfile(all, arm, 0, fingertip, bin);
  const at = (f: number) => Math.round((f * fingertip) / bin);
  const elbowS = extremumIndex(profile, at(0.3), at(0.6), -1) * bin + bin / 2;
  const wristS = extremumIndex(profile, at(0.65), at(0.88), -1) * bin + bin / 2;
  const forearmS = extremumIndex(profile, Math.round(elbowS / bin), Math.round(wristS / bin), 1) * bin + bin / 2;
  return { origin, dir, elbowS, wristS, forearmS, fingertipS: fingertip, elbowPoint: axisPointAtS({ origin, dir }, elbowS), forearmDir: dir };
}

/**
 * Acromion along a limb axis (m from axis.origin, negative = above it for a downward axis):
 * walk up the axis from `startS` (a point inside the arm, e.g. at the armpit) through 5 mm bins
 * of points within 2 cm of the axis on the arm's side (sign·x > 0). Inside the arm there are none
 * (its radius is larger); the first occupied run of bins is the surface where the axis leaves the
 * arm; farther up the line may hit the head, so the walk stops there. Two readings of that run:
 * - a dome the line leaves through (real shoulders): its apex, a paraboloid s = s0 + c·ρ² fitted
 *   to the run (unbiased under symmetric noise);
 * - a shoulder top the line grazes (a long run): where the line first meets the surface.
 * The run's length blends them, the apex up to 2 cm and the first meeting from 5 cm, linearly
 * between: one switch at 3 cm, as before, flipped under noise, and the two sides of symmetric
 * bodies read acromions 2 cm apart in height and mid-arm girths up to 10 mm apart.
 */
export function findAcromionS(stack: SliceStack, axis: LimbAxis, startS: number, side: 1 | -1, insideS?: number): number {
  const dir = axis.dir;
  const startY = axis.origin[1] + startS * dir[1];
  const armpitS = startS;
  const near: number[] = [];
  for (let s = sliceOf(stack, startY - 0.06); s <= sliceOf(stack, startY + 0.25); s++) {
    for (let k = stack.start[s]; k < stack.start[s + 1]; k++) {
      const x = stack.points[3 * k], y = stack.points[3 * k + 1], z = stack.points[3 * k + 2];
      if (side * x <= 0) continue;
      const [sa, rho] = axial(axis, x, y, z);
      if (rho < NEAR_AXIS_M) near.push(sa, rho);
    }
  }
  const bin = PROFILE_BIN_M, binsUp = 80;
  const occupied = new Uint16Array(binsUp);
  for (let k = 0; k < near.length; k += 2) {
    const b = Math.floor((armpitS - near[k]) / bin);
    if (b >= 0 && b < binsUp) occupied[b]++;
  }
  const runFrom = (from: number): [number, number] => {
    let first = from;
    while (first < binsUp - 1 && occupied[first] < 2) first++;
    let last = first;
    while (last + 1 < binsUp && (occupied[last + 1] >= 1 || (last + 2 < binsUp && occupied[last + 2] >= 1))) last++;
    return [first, last];
  };
  let [firstBin, lastBin] = runFrom(0);
  // A run that ends below insideS (a point known to be inside the body: the fitted shoulder joint)
  // is where the line entered the body from below (a thin arm's underside, the line starting in the
  // armpit's air), not where it leaves the shoulder: take the next run, if there is one.
  if (insideS !== undefined && armpitS - (lastBin + 1) * bin > insideS) {
    const [nextFirst, nextLast] = runFrom(lastBin + 1);
    if (occupied[nextFirst] >= 2) { firstBin = nextFirst; lastBin = nextLast; }
  }
  const sTop = armpitS - (lastBin + 1) * bin;
  const sBottom = armpitS - firstBin * bin + 0.01;
  let apexS = sTop;
  {
    let n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (let k = 0; k < near.length; k += 2) {
      if (near[k] < sTop || near[k] > sBottom) continue;
      const x = near[k + 1] * near[k + 1], y = near[k];
      n++; sx += x; sy += y; sxx += x * x; sxy += x * y;
    }
    const det = n * sxx - sx * sx;
    if (n >= 6 && det > 0) apexS = (sy * sxx - sx * sxy) / det;
  }
  // The run's extent from its points (2nd to 98th percentile: a stray point does not set it; not
  // from its bins: a bin more or less is a 5 mm step of the blend).
  const run: number[] = [];
  for (let k = 0; k < near.length; k += 2) if (near[k] >= sTop && near[k] <= sBottom - 0.01) run.push(near[k]);
  run.sort((a, b) => a - b);
  const runLo = run.length >= 10 ? run[Math.floor(0.02 * run.length)] : NaN;
  const runHi = run.length >= 10 ? run[Math.ceil(0.98 * run.length) - 1] : NaN;
  const firstMeetS = runHi > runLo ? runHi : armpitS - firstBin * bin;
  const runM = runHi > runLo ? runHi - runLo : (lastBin - firstBin + 1) * bin;
  const grazing = Math.min(1, Math.max(0, (runM - DOME_RUN_M) / (GRAZING_RUN_M - DOME_RUN_M)));
  return (1 - grazing) * apexS + grazing * firstMeetS;
}

/** Projection of p − origin on dir (m). */
function dot3(p: Vec3, origin: Vec3, dir: Vec3): number {
  return (p[0] - origin[0]) * dir[0] + (p[1] - origin[1]) * dir[1] + (p[2] - origin[2]) * dir[2];
}

/** Per-slice mean radial distance of a leg loop's points from the loop centroid (m), NaN if absent. */
function legProfile(stack: SliceStack, loops: (Loop | null)[]): Float64Array {
  const out = new Float64Array(stack.sliceCount).fill(NaN);
  for (let s = 0; s < stack.sliceCount; s++) {
    const loop = loops[s];
    if (!loop) continue;
    let acc = 0, m = 0;
    for (let k = stack.start[s]; k < stack.start[s + 1]; k++) {
      if (stack.labels[k] !== loop.label) continue;
      acc += hypot2(stack.points[3 * k] - loop.cx, stack.points[3 * k + 2] - loop.cz); m++;
    }
    out[s] = m > 0 ? acc / m : NaN;
  }
  return out;
}

/**
 * kneeJointY: the fitted knee joint's height (m); when given, the knee is the soft minimum
 * (softExtremumIndex, KNEE_SOFTNESS_M) of the leg's mean radius within 4 cm of it (on a flat stretch
 * the unrestricted search wandered by up to 1.4 cm between the legs of a symmetric body, and the
 * plain minimum by up to 4.6 cm between two recordings of one body).
 */
export function legLandmarks(stack: SliceStack, loops: (Loop | null)[], crotchY: number, statureM: number, kneeJointY?: number): LegLandmarks {
  const pts = loopPoints(stack, loops, 0.08 * statureM, crotchY - 0.02);
  const pca = principalAxes(pts, pts.length / 3);
  let dir = pca.axes[0];
  if (dir[1] > 0) dir = [-dir[0], -dir[1], -dir[2]];
  // Re-anchor the axis at crotch height so origin.y = crotchY.
  const k = (crotchY - pca.mean[1]) / dir[1];
  const origin: Vec3 = [pca.mean[0] + k * dir[0], crotchY, pca.mean[2] + k * dir[2]];
  const profile = legProfile(stack, loops);
  const kneeLo = kneeJointY === undefined ? 0.5 * crotchY : Math.max(0.5 * crotchY, kneeJointY - 0.04);
  const kneeHi = kneeJointY === undefined ? 0.75 * crotchY : Math.min(0.75 * crotchY, kneeJointY + 0.04);
  const i0 = sliceOf(stack, kneeLo), i1 = sliceOf(stack, Math.max(kneeLo, kneeHi));
  const kneeIndex = kneeJointY === undefined ? extremumIndex(profile, i0, i1, -1) : softExtremumIndex(profile, i0, i1, -1, KNEE_SOFTNESS_M);
  const kneeY = (kneeIndex + 0.5) * stack.thicknessM;
  return { origin, dir, kneeY, ...levelsBelowKnee(stack, profile, kneeY, crotchY, statureM) };
}

/**
 * Calf (widest between 30% of crotch height and the knee) and ankle (narrowest between 4.5% of
 * stature and the calf) heights (m) below a given knee. With a fit both legs take the same knee,
 * the mean of theirs: the calf is searched up to the knee, and one leg's knee found 6 cm above the
 * other's put that leg's calf 3 cm higher on a body whose calf profile rises all the way to it.
 */
export function calfAndAnkleBelow(stack: SliceStack, loops: (Loop | null)[], kneeY: number, crotchY: number, statureM: number): { calfY: number; ankleY: number } {
  return levelsBelowKnee(stack, legProfile(stack, loops), kneeY, crotchY, statureM);
}

function levelsBelowKnee(stack: SliceStack, profile: Float64Array, kneeY: number, crotchY: number, statureM: number): { calfY: number; ankleY: number } {
  const toY = (index: number) => (index + 0.5) * stack.thicknessM;
  const calfY = toY(extremumIndex(profile, sliceOf(stack, 0.3 * crotchY), sliceOf(stack, kneeY) - 1, 1, LIMB_PLATEAU_M));
  const ankleY = toY(extremumIndex(profile, sliceOf(stack, 0.045 * statureM), sliceOf(stack, calfY) - 1, -1, LIMB_PLATEAU_M));
  return { calfY, ankleY };
}

/** Point on a limb axis at height y (m). */
export function axisPointAtY(axis: LimbAxis, y: number): Vec3 {
  const k = (y - axis.origin[1]) / axis.dir[1];
  return [axis.origin[0] + k * axis.dir[0], y, axis.origin[2] + k * axis.dir[2]];
}

/** Point on a limb axis at axial distance s from its origin (m). */
export function axisPointAtS(axis: LimbAxis, s: number): Vec3 {
  return [axis.origin[0] + s * axis.dir[0], axis.origin[1] + s * axis.dir[1], axis.origin[2] + s * axis.dir[2]];
}
