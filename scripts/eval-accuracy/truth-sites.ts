// The evaluation's own measurement sites on a MakeHuman body, defined from the fixed template
// (vertex indices of hm08's `body` group and MakeHuman's joint cubes), independently of the
// measuring pipeline. Truth frame: metres, Y up, facing +Z, left = +x. Every definition is
// listed in docs/accuracy.md; the vertex indices were picked on the unmorphed base mesh.
import { CIRCUMFERENCE_FIELDS, type CircumferenceField } from '../../src/domain/measurements.ts';
import type { BodyMesh, Vec3 } from './body-mesh.ts';
import {
  direction, joint, limbAxis, neckAxis, pointOnSegment, torsoAxisAt, upperArmAxis, type FieldKind, type Segment, type Side,
} from './body-axes.ts';
import { cutBody, girthOnPlane, torsoComponent, torsoHullPerimeter } from './truth-on-plane.ts';
import { toPlaneUv } from '../../src/processing/evaluation/cut-components.ts';
import { polygonContains } from '../../src/processing/evaluation/plane-polygon.ts';

/** hm08 `body` vertex indices (0-based, base.obj order) used as landmarks. */
export const TEMPLATE_VERTICES = {
  /** Deepest front-midline point of the navel dimple (base mesh y = 1.001 m above the soles). */
  navel: 4121,
  /** Lowest midline vertex between the legs (base mesh y = 0.775 m). */
  crotch: 4376,
  /** Front-midline vertex at the lower sternum, 5.5 cm below nipple level on the base mesh (under-bust level). */
  lowerChest: 4070,
  nippleLeft: 8471,
  nippleRight: 1799,
  /** Top of the shoulder straight above the shoulder joint cube. */
  acromionLeft: 8234,
  acromionRight: 1556,
} as const;

export interface TruthSite {
  centerM: Vec3;
  normal: Vec3;
  perimeterM: number;
}

const UP: Vec3 = [0, 1, 0];
const COARSE_STEP_M = 0.004;

function vertex(body: BodyMesh, index: number): Vec3 {
  const k = body.localOfGlobal[index];
  return [body.positionsM[3 * k], body.positionsM[3 * k + 1], body.positionsM[3 * k + 2]];
}

/** Arg-extremum of f on [a, b]: coarse scan, then golden-section refinement to 0.1 mm. */
export function extremum(f: (x: number) => number, a: number, b: number, mode: 'min' | 'max'): number {
  const sign = mode === 'min' ? 1 : -1;
  const steps = Math.max(2, Math.ceil(Math.abs(b - a) / COARSE_STEP_M));
  let bestX = a, bestValue = Infinity;
  for (let k = 0; k <= steps; k++) {
    const x = a + ((b - a) * k) / steps;
    const value = sign * f(x);
    if (value < bestValue) { bestValue = value; bestX = x; }
  }
  const h = Math.abs(b - a) / steps;
  let lo = Math.max(Math.min(a, b), bestX - h), hi = Math.min(Math.max(a, b), bestX + h);
  const ratio = (Math.sqrt(5) - 1) / 2;
  while (hi - lo > 1e-4) {
    const x1 = hi - ratio * (hi - lo), x2 = lo + ratio * (hi - lo);
    if (sign * f(x1) < sign * f(x2)) hi = x2; else lo = x1;
  }
  const refined = (lo + hi) / 2;
  return sign * f(refined) <= bestValue ? refined : bestX;
}

function horizontal(body: BodyMesh, y: number): number {
  const found = torsoComponent(body, cutBody(body, [0, y, 0], UP));
  return found ? torsoHullPerimeter(body, found.component) : NaN;
}

/** Highest level at which the torso loop no longer contains the upper-arm axis (bisection, 0.1 mm). */
export function armpitLevel(body: BodyMesh, side: Side): number {
  const axis = upperArmAxis(body, side);
  const joined = (y: number): boolean => {
    const cut = cutBody(body, [0, y, 0], UP);
    const torso = torsoComponent(body, cut);
    if (!torso) return false;
    const [u, v] = toPlaneUv(cut, pointOnSegment(axis, (y - axis.from[1]) / (axis.to[1] - axis.from[1])));
    return polygonContains(torso.component.outerUv, u, v);
  };
  let below = axis.to[1], above = axis.from[1];
  while (above - below > 1e-4) {
    const mid = (above + below) / 2;
    if (joined(mid)) above = mid; else below = mid;
  }
  return below;
}

/** Front-most z of the torso loop at height y (anterior protrusion). */
function torsoFrontZ(body: BodyMesh, y: number): number {
  const found = torsoComponent(body, cutBody(body, [0, y, 0], UP));
  if (!found) return -Infinity;
  let maxZ = -Infinity;
  for (let k = 2; k < found.component.outerLoop.length; k += 3) maxZ = Math.max(maxZ, found.component.outerLoop[k]);
  return maxZ;
}

/** All 27 truth sites of one body. */
export function truthSites(body: BodyMesh): Map<CircumferenceField, TruthSite> {
  const sites = new Map<CircumferenceField, TruthSite>();
  const put = (field: CircumferenceField, centerM: Vec3, normal: Vec3): void => {
    const girth = girthOnPlane(body, field, centerM, normal);
    if (girth) sites.set(field, { centerM, normal, perimeterM: girth.perimeterM });
  };
  const torsoAt = (field: CircumferenceField, y: number): void => put(field, torsoAxisAt(body, y), UP);
  const v = (name: keyof typeof TEMPLATE_VERTICES): Vec3 => vertex(body, TEMPLATE_VERTICES[name]);

  const navelY = v('navel')[1], crotchY = v('crotch')[1], lowerChestY = v('lowerChest')[1];
  const nippleY = (v('nippleLeft')[1] + v('nippleRight')[1]) / 2;
  const acromionY = (v('acromionLeft')[1] + v('acromionRight')[1]) / 2;
  const armpitY = Math.min(armpitLevel(body, 'left'), armpitLevel(body, 'right'));

  // Neck: narrowest girth perpendicular to the neck axis, from the neck joint to 60% of the way to the head joint.
  const neck = neckAxis(body);
  const neckT = extremum((t) => girthOnPlane(body, 'neckFit', pointOnSegment(neck, t), direction(neck))?.perimeterM ?? NaN, 0, 0.6, 'min');
  put('neckFit', pointOnSegment(neck, neckT), direction(neck));
  // Shoulders: horizontal, halfway between armpit level and acromion level, torso + both arms.
  torsoAt('shoulderFit', (armpitY + acromionY) / 2);
  torsoAt('upperChestFit', armpitY - 0.01);
  torsoAt('chestFit', nippleY);
  torsoAt('lowerChestFit', lowerChestY);
  torsoAt('waistFit', extremum((y) => horizontal(body, y), navelY, lowerChestY, 'min'));
  torsoAt('waistNavyFit', navelY);
  // Hips: largest torso girth from 2 cm above the crotch to 60% of the way up to the navel (buttocks, not belly).
  const hipsY = extremum((y) => horizontal(body, y), crotchY + 0.02, crotchY + 0.6 * (navelY - crotchY), 'max');
  torsoAt('hipsFit', hipsY);
  const waistY = sites.get('waistFit')?.centerM[1] ?? navelY;
  torsoAt('stomachFit', extremum((y) => torsoFrontZ(body, y), hipsY, Math.max(hipsY, waistY), 'max'));

  for (const side of ['left', 'right'] as const) {
    const suffix = side === 'left' ? 'Left' : 'Right';
    const f = (stem: string): CircumferenceField => `${stem}${suffix}Fit` as CircumferenceField;
    const at = (kind: FieldKind, field: CircumferenceField, t: number): void => {
      const axis = limbAxis(body, kind, side);
      put(field, pointOnSegment(axis, t), direction(axis));
    };
    const tAtHeight = (axis: Segment, y: number): number => (y - axis.from[1]) / (axis.to[1] - axis.from[1]);
    const thigh = limbAxis(body, 'thigh', side);
    const kneeY = joint(body, `joint-${side === 'left' ? 'l' : 'r'}-knee`)[1];
    at('thigh', f('upperThigh'), tAtHeight(thigh, crotchY - 0.03));
    at('thigh', f('thigh'), tAtHeight(thigh, (crotchY + kneeY) / 2));
    at('thigh', f('lowerThigh'), tAtHeight(thigh, kneeY + 0.2 * (crotchY - kneeY)));
    const extremeAlong = (kind: FieldKind, field: CircumferenceField, t0: number, t1: number, mode: 'min' | 'max'): void => {
      const axis = limbAxis(body, kind, side);
      const t = extremum((s) => girthOnPlane(body, field, pointOnSegment(axis, s), direction(axis))?.perimeterM ?? NaN, t0, t1, mode);
      at(kind, field, t);
    };
    extremeAlong('shank', f('calf'), 0.15, 0.6, 'max');
    extremeAlong('shank', f('ankle'), 0.6, 0.9, 'min');
    at('upperArm', `midArm${suffix}Fit` as CircumferenceField, 0.5);
    at('forearm', `lowerArm${suffix}Fit` as CircumferenceField, 0.2);
    extremeAlong('forearm', `forearm${suffix}Fit` as CircumferenceField, 0.1, 0.6, 'max');
    extremeAlong('forearm', `wrist${suffix}Fit` as CircumferenceField, 0.75, 1.0, 'min');
  }
  for (const field of CIRCUMFERENCE_FIELDS) if (!sites.has(field)) throw new Error(`truth-sites: no cut for ${field}`);
  return sites;
}
