// Arm-body contact as the truth sees it: horizontal exact cuts of a (posed) body every 5 mm along
// an arm segment; in each cut, the arm's loop (the one around the posed arm axis) and the other
// loops; the signed in-plane gap between them: the distance from the arm loop to the nearest
// other loop, or minus the depth of the arm loop's deepest point inside another loop when they
// overlap (the surfaces interpenetrate). Upper arm: cuts where the axis is 35-100 % of the way
// shoulder -> elbow against the torso loop; a cut where arm and torso are one loop is the armpit
// fold (skin joining them) up to `foldToT`, the fold's extent in the A-pose, and is skipped; below
// it, one loop means the arm sank into the torso (-Infinity). Forearm and hand: 10-130 % of the
// way elbow -> wrist against every other loop but the same arm's.
// Truth frame: metres, Y up; gaps in mm.
import type { BodyMesh, Vec3 } from './body-mesh.ts';
import { forearmAxis, pointOnSegment, upperArmAxis, type Segment, type Side } from './body-axes.ts';
import { cutBody, torsoComponent } from './truth-on-plane.ts';
import { componentAt, type CutComponent } from '../../src/processing/evaluation/cut-components.ts';
import { polygonContains } from '../../src/processing/evaluation/plane-polygon.ts';

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

/** Signed gap (m) from loop `arm` to loop `other`: distance, or minus the deepest overlap. */
export function signedLoopGap(arm: CutComponent, other: CutComponent): number {
  let outside = Infinity, deepest = 0;
  const uv = arm.outerUv;
  // Both polygons have ~50-300 points: the quadratic scan is cheap at this size.
  for (let i = 0; i < uv.length; i += 2) {
    const d = boundaryDistance(other.outerUv, uv[i], uv[i + 1]);
    if (polygonContains(other.outerUv, uv[i], uv[i + 1])) deepest = Math.max(deepest, d); else outside = Math.min(outside, d);
  }
  return deepest > 0 ? -deepest : outside;
}

function scan(body: BodyMesh, axis: Segment, tFrom: number, tTo: number, others: (cut: ReturnType<typeof cutBody>, arm: CutComponent) => CutComponent[], foldToT = -Infinity): ArmGap {
  const y0 = axis.from[1] + tFrom * (axis.to[1] - axis.from[1]), y1 = axis.from[1] + tTo * (axis.to[1] - axis.from[1]);
  let gap = Infinity, atM = NaN, joinedCuts = 0, cuts = 0;
  for (let y = Math.min(y0, y1); y <= Math.max(y0, y1); y += STEP_M) {
    const t = (y - axis.from[1]) / (axis.to[1] - axis.from[1]);
    const cut = cutBody(body, [0, y, 0], [0, 1, 0]);
    const arm = componentAt(cut, pointOnSegment(axis, t));
    if (!arm || arm.distance > 0) continue;
    const rest = others(cut, arm.component);
    if (rest.length === 0) continue;
    cuts++;
    for (const other of rest) {
      const joined = other === arm.component;
      if (joined) joinedCuts++;
      if (joined && t <= foldToT) continue;
      const g = joined ? -Infinity : signedLoopGap(arm.component, other);
      if (g < gap) { gap = g; atM = y; }
    }
  }
  return { gapMm: gap * 1000, atM, joinedCuts, cuts };
}

const torsoOnly = (body: BodyMesh) => (cut: ReturnType<typeof cutBody>): CutComponent[] => {
  const torso = torsoComponent(body, cut);
  return torso ? [torso.component] : [];
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
    const cut = cutBody(body, [0, pointOnSegment(axis, t)[1], 0], [0, 1, 0]);
    const arm = componentAt(cut, pointOnSegment(axis, t));
    const torso = torsoComponent(body, cut);
    if (arm && torso && arm.distance === 0 && arm.component === torso.component) end = t;
  }
  return end;
}

/** Forearm and hand against every other loop of the cut except the same upper arm's. */
export function forearmBodyGap(body: BodyMesh, side: Side): ArmGap {
  const upper = upperArmAxis(body, side);
  return scan(body, forearmAxis(body, side), 0.1, 1.3, (cut, arm) => {
    const t = (cut.plane.point[1] - upper.from[1]) / (upper.to[1] - upper.from[1]);
    const upperLoop = t >= 0 && t <= 1 ? componentAt(cut, pointOnSegment(upper, t) as Vec3) : null;
    return cut.components.filter((c) => c !== arm && !(upperLoop && upperLoop.distance === 0 && c === upperLoop.component));
  });
}
