// Arm-body contact as the truth sees it: horizontal exact cuts of a (posed) body every 5 mm along
// an arm segment; in each cut, the arm's loop (the smallest loop around the posed arm axis; raw
// loops, so an arm loop overlapping the torso's is still its own) and the other loops; the
// signed in-plane gap between them: the distance from the arm loop to the nearest other loop, or
// minus the depth of the arm loop's deepest point inside another loop when they overlap (the
// surfaces interpenetrate). Upper arm: cuts where the axis is 35-100 % of the way
// shoulder -> elbow against the torso loop; a cut where arm and torso are one loop is the armpit
// fold (skin joining them) up to `foldToT`, the fold's extent in the A-pose, and is skipped; below
// it, one loop means the arm sank into the torso (-Infinity). Forearm and hand: 10-130 % of the
// way elbow -> wrist against every other loop but the same arm's.
// Truth frame: metres, Y up; gaps in mm.
import type { BodyMesh } from './body-mesh.ts';
import { forearmAxis, pointOnSegment, torsoReferenceAt, upperArmAxis, type Segment, type Side } from './body-axes.ts';
import { slicePlane } from '../../src/processing/evaluation/plane-slice.ts';
import { polygonArea, polygonContains } from '../../src/processing/evaluation/plane-polygon.ts';

export interface ArmGap {
  /** Smallest signed gap over the cuts (mm); +Infinity when no cut has both loops. */
  gapMm: number;
  /** Height of that cut (m). */
  atM: number;
  /** Cuts in which the arm's loop is the other part's loop. */
  joinedCuts: number;
  cuts: number;
}

const STEP_M = 0.005;
export const UPPER_ARM_CONTACT_FROM = 0.35;

/** Distance from (u, v) to the polygon's boundary. */
function boundaryDistance(uv: Float64Array, u: number, v: number): number {
  let best = Infinity;
  const n = uv.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const ax = uv[2 * j], ay = uv[2 * j + 1], dx = uv[2 * i] - ax, dy = uv[2 * i + 1] - ay;
    const t = Math.max(0, Math.min(1, ((u - ax) * dx + (v - ay) * dy) / (dx * dx + dy * dy || 1)));
    best = Math.min(best, Math.hypot(ax + t * dx - u, ay + t * dy - v));
  }
  return best;
}

/** Signed gap (m) from polygon `armUv` to polygon `otherUv` (uv interleaved): distance, or minus the deepest overlap. */
export function signedLoopGap(armUv: ArrayLike<number>, otherUv: Float64Array): number {
  let outside = Infinity, deepest = 0;
  // Both polygons have ~50-300 points: the quadratic scan is cheap at this size.
  for (let i = 0; i < armUv.length; i += 2) {
    const d = boundaryDistance(otherUv, armUv[i], armUv[i + 1]);
    if (polygonContains(otherUv, armUv[i], armUv[i + 1])) deepest = Math.max(deepest, d); else outside = Math.min(outside, d);
  }
  return deepest > 0 ? -deepest : outside;
}

/** A horizontal cut's raw loops (no nesting merge: an arm loop overlapping the torso stays its own loop) as (x, z) polygons. */
function horizontalLoops(body: BodyMesh, y: number): { xz: Float64Array; area: number }[] {
  const { loops } = slicePlane(body.positionsM, body.triangles, { point: [0, y, 0], normal: [0, 1, 0] });
  return loops.map((loop) => {
    const xz = new Float64Array((loop.length / 3) * 2);
    for (let k = 0; k < loop.length / 3; k++) { xz[2 * k] = loop[3 * k]; xz[2 * k + 1] = loop[3 * k + 2]; }
    return { xz, area: Math.abs(polygonArea(xz)) };
  });
}

type Loop = { xz: Float64Array; area: number };

/** The smallest loop containing the point's (x, z), or null. */
function loopAround(loops: readonly Loop[], p: readonly number[]): Loop | null {
  let best: Loop | null = null;
  for (const loop of loops) if (polygonContains(loop.xz, p[0], p[2]) && (!best || loop.area < best.area)) best = loop;
  return best;
}

function scan(body: BodyMesh, axis: Segment, tFrom: number, tTo: number, others: (loops: Loop[], y: number, arm: Loop) => Loop[], foldToT = -Infinity): ArmGap {
  const y0 = axis.from[1] + tFrom * (axis.to[1] - axis.from[1]), y1 = axis.from[1] + tTo * (axis.to[1] - axis.from[1]);
  let gap = Infinity, atM = NaN, joinedCuts = 0, cuts = 0;
  for (let y = Math.min(y0, y1); y <= Math.max(y0, y1); y += STEP_M) {
    const t = (y - axis.from[1]) / (axis.to[1] - axis.from[1]);
    const loops = horizontalLoops(body, y);
    const arm = loopAround(loops, pointOnSegment(axis, t));
    if (!arm) continue;
    const rest = others(loops, y, arm);
    if (rest.length === 0) continue;
    cuts++;
    for (const other of rest) {
      const joined = other === arm;
      if (joined) joinedCuts++;
      if (joined && t <= foldToT) continue;
      const g = joined ? -Infinity : signedLoopGap(arm.xz, other.xz);
      if (g < gap) { gap = g; atM = y; }
    }
  }
  return { gapMm: gap * 1000, atM, joinedCuts, cuts };
}

const torsoOnly = (body: BodyMesh) => (loops: Loop[], y: number): Loop[] => {
  const torso = loopAround(loops, torsoReferenceAt(body, y));
  return torso ? [torso] : [];
};

/** Upper arm against the torso loop; joined cuts up to `foldToT` (armpitFoldEnd of the A-pose) are the fold. */
export function upperArmTorsoGap(body: BodyMesh, side: Side, foldToT: number): ArmGap {
  return scan(body, upperArmAxis(body, side), UPPER_ARM_CONTACT_FROM, 1, torsoOnly(body), foldToT);
}

/**
 * How far down the upper arm (fraction shoulder -> elbow) the armpit fold reaches: the largest t
 * in [0.35, 1] whose horizontal cut has arm and torso in one loop (scanned every 5 mm); 0.35 when none.
 */
export function armpitFoldEnd(body: BodyMesh, side: Side): number {
  const axis = upperArmAxis(body, side);
  let end = UPPER_ARM_CONTACT_FROM;
  for (let t = UPPER_ARM_CONTACT_FROM; t <= 1; t += STEP_M / Math.abs(axis.to[1] - axis.from[1])) {
    const p = pointOnSegment(axis, t);
    const loops = horizontalLoops(body, p[1]);
    const arm = loopAround(loops, p);
    if (arm && arm === loopAround(loops, torsoReferenceAt(body, p[1]))) end = t;
  }
  return end;
}

/** Forearm and hand against every other loop of the cut except the same upper arm's. */
export function forearmBodyGap(body: BodyMesh, side: Side): ArmGap {
  const upper = upperArmAxis(body, side);
  return scan(body, forearmAxis(body, side), 0.1, 1.3, (loops, y, arm) => {
    const t = (y - upper.from[1]) / (upper.to[1] - upper.from[1]);
    const upperLoop = t >= 0 && t <= 1 ? loopAround(loops, pointOnSegment(upper, t)) : null;
    return loops.filter((loop) => loop !== arm && loop !== upperLoop && !polygonContains(arm.xz, loop.xz[0], loop.xz[1]));
  });
}

/**
 * Signed gap (mm) between the arm and the torso in the horizontal cut at height y (m): the upper
 * arm's loop where y is on the shoulder -> elbow segment, else the forearm's on elbow -> wrist;
 * -Infinity when arm and torso are one loop, NaN when the cut has no arm loop (above the armpit's
 * reach or below the wrist).
 */
export function armTorsoGapAt(body: BodyMesh, side: Side, y: number): number {
  const loops = horizontalLoops(body, y);
  const torso = loopAround(loops, torsoReferenceAt(body, y));
  if (!torso) return NaN;
  for (const axis of [upperArmAxis(body, side), forearmAxis(body, side)]) {
    const t = (y - axis.from[1]) / (axis.to[1] - axis.from[1]);
    if (t < 0 || t > 1) continue;
    const arm = loopAround(loops, pointOnSegment(axis, t));
    if (!arm) return NaN;
    return arm === torso ? -Infinity : signedLoopGap(arm.xz, torso.xz) * 1000;
  }
  return NaN;
}
