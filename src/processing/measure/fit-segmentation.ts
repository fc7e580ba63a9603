/**
 * Segmentation from a fitted body model: every capture point carries the body part of the fitted
 * model there (ModelFit.pointPart), so the torso, each arm and each leg are sets of labelled
 * points even where an arm rests on the torso or the thighs touch. This replaces slice topology
 * (segment-body.ts), which can only separate parts that do not touch.
 *
 * Output: the same Segmentation the landmark code reads, over a "part stack": the slice stack's
 * points with their loop labels replaced by part groups (0 torso and head, 1 left arm, 2 right
 * arm, 3 left leg, 4 right leg; −1 unlabelled), one Loop per group per slice. Plus each limb's
 * fitted bones (head and tail, m) from the posed model.
 *
 * Rules (canonical frame, metres, y up, body's left = +X):
 * - crotch: from the slice topology (findCrotch: the top of the two separate legs, continued up
 *   through touching thighs), which arms do not disturb; the fit's torso/thigh label boundary at
 *   the mid-plane lies centimetres off it;
 * - armpit: where the arm hangs free of the torso (A-pose), the slice topology's armpit; else a
 *   first estimate, one and a half upper-arm radii below the shoulder joint, which measureBody
 *   replaces once the acromion is found (acromion − 6% of stature, site-rules.ts);
 * - hand bottom: the lowest arm point (0.2% quantile, so a few mislabelled points do not count).
 * Failures: fewer than half the points labelled, or the torso with under 10% of them, is
 * `no_person_found`; a missing arm or leg (under 0.5% of the points) is `body_incomplete`.
 */
import { ProcessingFailure } from '../../domain/processing-failure.ts';
import type { BodyPart, ModelFit } from '../body-model/posable-model-types.ts';
import { BODY_PARTS, NO_PART } from '../body-model/posable-model-types.ts';
import type { Vec3 } from '../geometry/pca.ts';
import type { Segmentation } from './segment-body.ts';
import type { Loop, SliceStack } from './slices.ts';
import { sliceY } from './slices.ts';

/** Part group of each BODY_PARTS index: 0 torso+head, 1/2 left/right arm, 3/4 left/right leg. */
const GROUP_OF_PART = BODY_PARTS.map((part) =>
  part === 'torso' || part === 'head' ? 0 : /Left$/.test(part) ? (/Arm|forearm|hand/.test(part) ? 1 : 3) : /Arm|forearm|hand/.test(part) ? 2 : 4);

/** A bone as a segment (m, canonical frame). */
export interface Bone {
  head: Vec3;
  tail: Vec3;
}

export interface FitSegmentation extends Segmentation {
  /** The slice stack with loop labels replaced by part groups (see the module comment). */
  stack: SliceStack;
  /** Body part (BODY_PARTS index or NO_PART) of each stack point, in slice order. */
  sortedPart: Uint8Array;
  /** The fitted bones of each limb part, or null where the model has no bone of that part. */
  bones: Partial<Record<BodyPart, Bone>>;
  /** Each upper arm's radius: median distance of its points from its bone, middle third (m). */
  armRadiusM: { left: number; right: number };
  /** The fitted neck bone: the first bone of the head part (base of the neck to the skull), m. */
  neckBone: Bone | null;
}

/** Unit direction of a bone, head to tail (away from the trunk). */
export function boneDirection(bone: Bone): Vec3 {
  const d: Vec3 = [bone.tail[0] - bone.head[0], bone.tail[1] - bone.head[1], bone.tail[2] - bone.head[2]];
  const len = Math.hypot(d[0], d[1], d[2]);
  return [d[0] / len, d[1] / len, d[2] / len];
}

/** The first (most proximal) posed bone labelled with a part: for the head part, the neck bone. */
export function firstBoneOfPart(fit: ModelFit, bonePart: Uint8Array, part: BodyPart): Bone | null {
  const p = BODY_PARTS.indexOf(part);
  const b = bonePart.indexOf(p);
  if (b < 0) return null;
  const { boneHeadM: h, boneTailM: t } = fit.posed;
  return { head: [h[3 * b], h[3 * b + 1], h[3 * b + 2]], tail: [t[3 * b], t[3 * b + 1], t[3 * b + 2]] };
}

/**
 * Bones of each body part from the posed model: the chain of bones labelled with the part, from
 * the head of its first bone to the tail of its last (parents come before children).
 */
export function partBones(fit: ModelFit, bonePart: Uint8Array): Partial<Record<BodyPart, Bone>> {
  const out: Partial<Record<BodyPart, Bone>> = {};
  const { boneHeadM, boneTailM } = fit.posed;
  for (let p = 0; p < BODY_PARTS.length; p++) {
    let first = -1, last = -1;
    for (let b = 0; b < bonePart.length; b++) if (bonePart[b] === p) { if (first < 0) first = b; last = b; }
    if (first < 0) continue;
    out[BODY_PARTS[p]] = {
      head: [boneHeadM[3 * first], boneHeadM[3 * first + 1], boneHeadM[3 * first + 2]],
      tail: [boneTailM[3 * last], boneTailM[3 * last + 1], boneTailM[3 * last + 2]],
    };
  }
  return out;
}

/** Median distance (m) of a part's points from its bone line, over the bone's middle third. */
function boneRadius(stack: SliceStack, sortedPart: Uint8Array, part: number, bone: Bone): number {
  const d: Vec3 = [bone.tail[0] - bone.head[0], bone.tail[1] - bone.head[1], bone.tail[2] - bone.head[2]];
  const len = Math.hypot(d[0], d[1], d[2]);
  if (!(len > 0)) return 0;
  const radii: number[] = [];
  const n = stack.start[stack.sliceCount];
  for (let k = 0; k < n; k++) {
    if (sortedPart[k] !== part) continue;
    const x = stack.points[3 * k] - bone.head[0], y = stack.points[3 * k + 1] - bone.head[1], z = stack.points[3 * k + 2] - bone.head[2];
    const s = (x * d[0] + y * d[1] + z * d[2]) / len;
    if (s < len / 3 || s > (2 * len) / 3) continue;
    radii.push(Math.sqrt(Math.max(0, x * x + y * y + z * z - s * s)));
  }
  if (radii.length === 0) return 0;
  radii.sort((a, b) => a - b);
  return radii[radii.length >> 1];
}

/**
 * crotchY: the crotch height from the slice topology (segment-body.ts findCrotch), m.
 * topologyArmpitY: per side, the armpit slice topology found where the arm hangs free of the torso
 * above 70% of stature (A-pose), else undefined (the bone estimate is used).
 */
export function segmentByFit(stack: SliceStack, fit: ModelFit, bonePart: Uint8Array, statureM: number, crotchY: number, topologyArmpitY: { left?: number; right?: number } = {}): FitSegmentation {
  const total = stack.start[stack.sliceCount];
  const sortedPart = new Uint8Array(total);
  const labels = new Int32Array(total);
  const groupCount = new Float64Array(5);
  let labelled = 0;
  for (let k = 0; k < total; k++) {
    const part = fit.pointPart[stack.order[k]];
    sortedPart[k] = part;
    let group = part === NO_PART || part >= BODY_PARTS.length ? -1 : GROUP_OF_PART[part];
    // Above the crotch the thighs' labels cover the sides of the hips and buttocks: for the torso
    // profile (hip and waist levels, section centres) that surface is torso. Cuts still read the
    // parts themselves (sortedPart).
    if (group >= 3 && stack.points[3 * k + 1] >= crotchY) group = 0;
    labels[k] = group;
    if (group >= 0) { groupCount[group]++; labelled++; }
  }
  if (labelled < 0.5 * total || groupCount[0] < 0.05 * total) {
    throw new ProcessingFailure('no_person_found', `The body model fits only ${Math.round((100 * labelled) / Math.max(1, total))}% of the capture: not a standing person.`);
  }
  const names = ['', 'left arm', 'right arm', 'left leg', 'right leg'];
  for (let g = 1; g < 5; g++) {
    if (groupCount[g] < 0.005 * total) throw new ProcessingFailure('body_incomplete', `The capture holds almost nothing of the ${names[g]}: scan the whole body, head to feet.`);
  }
  // One loop per part group per slice (statistics as slices.ts computes them).
  const loops: Loop[][] = [];
  const groupLoops: (Loop | null)[][] = [0, 1, 2, 3, 4].map(() => new Array<Loop | null>(stack.sliceCount).fill(null));
  for (let s = 0; s < stack.sliceCount; s++) {
    const stats: Loop[] = [0, 1, 2, 3, 4].map((label) => ({ count: 0, cx: 0, cz: 0, minX: Infinity, maxX: -Infinity, minZ: Infinity, maxZ: -Infinity, label }));
    for (let k = stack.start[s]; k < stack.start[s + 1]; k++) {
      const g = labels[k];
      if (g < 0) continue;
      const st = stats[g], x = stack.points[3 * k], z = stack.points[3 * k + 2];
      st.count++; st.cx += x; st.cz += z;
      if (x < st.minX) st.minX = x; if (x > st.maxX) st.maxX = x;
      if (z < st.minZ) st.minZ = z; if (z > st.maxZ) st.maxZ = z;
    }
    const kept: Loop[] = [];
    for (const st of stats) {
      if (st.count < 8) continue;
      st.cx /= st.count; st.cz /= st.count;
      groupLoops[st.label][s] = st;
      kept.push(st);
    }
    loops.push(kept.sort((p, q) => q.count - p.count));
  }
  const partStack: SliceStack = { ...stack, labels, loops };
  const torsoLoop = groupLoops[0];
  const bones = partBones(fit, bonePart);
  const armpitY = { left: 0, right: 0 }, handBottomY = { left: 0, right: 0 }, armRadiusM = { left: 0, right: 0 };
  for (const [side, group, part] of [['left', 1, 'upperArmLeft'], ['right', 2, 'upperArmRight']] as const) {
    const bone = bones[part];
    if (!bone) throw new ProcessingFailure('measurement_failed', `The fitted model has no ${part} bone.`);
    const radius = boneRadius(stack, sortedPart, BODY_PARTS.indexOf(part), bone);
    armpitY[side] = topologyArmpitY[side] ?? Math.max(bone.head[1], bone.tail[1]) - 1.5 * radius;
    armRadiusM[side] = radius;
    // Hand bottom: 0.2% quantile of the arm's heights, read off the per-slice counts.
    const limit = 0.002 * groupCount[group];
    let seen = 0, s = 0;
    for (; s < stack.sliceCount; s++) {
      seen += groupLoops[group][s]?.count ?? 0;
      if (seen > limit) break;
    }
    handBottomY[side] = sliceY(stack, s);
  }
  return {
    crotchY, armpitY, handBottomY, torsoLoop,
    armLoop: { left: groupLoops[1], right: groupLoops[2] },
    legLoop: { left: groupLoops[3], right: groupLoops[4] },
    stack: partStack, sortedPart, bones, armRadiusM, neckBone: firstBoneOfPart(fit, bonePart, 'head'),
  };
}
