// Body-part axes of a MakeHuman body from its joint cubes (truth frame: metres, Y up, facing +Z,
// character's left = +x), used to pick "the right component" of a cut and to place limb sites.
import type { BodyMesh, Vec3 } from './body-mesh.ts';
import type { CircumferenceField } from '../../src/domain/measurements.ts';

export type Side = 'left' | 'right';

export interface Segment {
  from: Vec3;
  to: Vec3;
}

export function joint(body: BodyMesh, name: string): Vec3 {
  const found = body.joints.get(name);
  if (!found) throw new Error(`body-axes: joint ${name} missing from base.obj`);
  return found;
}

const sideCode = (side: Side): string => (side === 'left' ? 'l' : 'r');

export function thighAxis(body: BodyMesh, side: Side): Segment {
  return { from: joint(body, `joint-${sideCode(side)}-upper-leg`), to: joint(body, `joint-${sideCode(side)}-knee`) };
}
export function shankAxis(body: BodyMesh, side: Side): Segment {
  return { from: joint(body, `joint-${sideCode(side)}-knee`), to: joint(body, `joint-${sideCode(side)}-ankle`) };
}
export function upperArmAxis(body: BodyMesh, side: Side): Segment {
  return { from: joint(body, `joint-${sideCode(side)}-shoulder`), to: joint(body, `joint-${sideCode(side)}-elbow`) };
}
/** Elbow joint to the wrist (MakeHuman's `joint-?-hand` cube sits at the wrist). */
export function forearmAxis(body: BodyMesh, side: Side): Segment {
  return { from: joint(body, `joint-${sideCode(side)}-elbow`), to: joint(body, `joint-${sideCode(side)}-hand`) };
}
export function neckAxis(body: BodyMesh): Segment {
  return { from: joint(body, 'joint-neck'), to: joint(body, 'joint-head') };
}

export function pointOnSegment(segment: Segment, t: number): Vec3 {
  const { from: a, to: b } = segment;
  return [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]), a[2] + t * (b[2] - a[2])];
}

export function direction(segment: Segment): Vec3 {
  const d: Vec3 = [segment.to[0] - segment.from[0], segment.to[1] - segment.from[1], segment.to[2] - segment.from[2]];
  const length = Math.hypot(...d);
  return [d[0] / length, d[1] / length, d[2] / length];
}

/** Where the infinite line through the segment meets the plane (null when parallel). */
export function linePlaneIntersection(segment: Segment, point: Vec3, normal: Vec3): Vec3 | null {
  const d = [segment.to[0] - segment.from[0], segment.to[1] - segment.from[1], segment.to[2] - segment.from[2]];
  const denominator = d[0] * normal[0] + d[1] * normal[1] + d[2] * normal[2];
  if (Math.abs(denominator) < 1e-12) return null;
  const t = ((point[0] - segment.from[0]) * normal[0] + (point[1] - segment.from[1]) * normal[1] + (point[2] - segment.from[2]) * normal[2]) / denominator;
  return pointOnSegment(segment, t);
}

/** Point of the torso's axis (pelvis -> spine joints -> neck) at height y; constant below/above. */
export function torsoAxisAt(body: BodyMesh, y: number): Vec3 {
  const chain = ['joint-pelvis', 'joint-spine-4', 'joint-spine-3', 'joint-spine-2', 'joint-spine-1', 'joint-neck'].map((n) => joint(body, n));
  if (y <= chain[0][1]) return [chain[0][0], y, chain[0][2]];
  for (let k = 1; k < chain.length; k++) {
    const a = chain[k - 1], b = chain[k];
    if (y <= b[1]) {
      const t = (y - a[1]) / (b[1] - a[1]);
      return [a[0] + t * (b[0] - a[0]), y, a[2] + t * (b[2] - a[2])];
    }
  }
  const top = chain[chain.length - 1];
  return [top[0], y, top[2]];
}

/** Vertices on the sagittal midline (|x| < 1 mm: hm08 has exact x = 0 seam vertices), per body. */
const midlineCache = new WeakMap<BodyMesh, Float64Array>();

function midlineYz(body: BodyMesh): Float64Array {
  let cached = midlineCache.get(body);
  if (!cached) {
    const yz: number[] = [];
    for (let i = 0; i < body.positionsM.length / 3; i++) {
      if (Math.abs(body.positionsM[3 * i]) < 0.001) yz.push(body.positionsM[3 * i + 1], body.positionsM[3 * i + 2]);
    }
    cached = Float64Array.from(yz);
    midlineCache.set(body, cached);
  }
  return cached;
}

/**
 * A point surely inside the torso at height y: on the torso axis's x, halfway between the
 * front-most and back-most midline surface vertices within 1.5 cm of that height (the spine
 * joints sit close to, even just behind, the back of thin bodies). Where the midline has no
 * surface at that height spanning 2 cm (between the legs, above the head), the axis point.
 */
export function torsoReferenceAt(body: BodyMesh, y: number): Vec3 {
  const axis = torsoAxisAt(body, y);
  const yz = midlineYz(body);
  let front = -Infinity, back = Infinity;
  for (let k = 0; k < yz.length; k += 2) {
    if (Math.abs(yz[k] - y) > 0.015) continue;
    front = Math.max(front, yz[k + 1]);
    back = Math.min(back, yz[k + 1]);
  }
  if (front - back > 0.02) return [axis[0], y, (front + back) / 2];
  return axis;
}

export type FieldKind = 'torso' | 'shoulder' | 'neck' | 'thigh' | 'shank' | 'upperArm' | 'forearm';

/** Which body part (and so which axis selects the component) each girth field belongs to. */
export function fieldKind(field: CircumferenceField): FieldKind {
  if (field === 'neckFit') return 'neck';
  if (field === 'shoulderFit') return 'shoulder';
  if (/^(upperThigh|thigh|lowerThigh)/.test(field)) return 'thigh';
  if (/^(calf|ankle)/.test(field)) return 'shank';
  if (/^midArm/.test(field)) return 'upperArm';
  if (/^(lowerArm|forearm|wrist)/.test(field)) return 'forearm';
  return 'torso';
}

export function fieldSide(field: CircumferenceField): Side | null {
  if (/Left/.test(field)) return 'left';
  if (/Right/.test(field)) return 'right';
  return null;
}

export function limbAxis(body: BodyMesh, kind: FieldKind, side: Side): Segment {
  if (kind === 'thigh') return thighAxis(body, side);
  if (kind === 'shank') return shankAxis(body, side);
  if (kind === 'upperArm') return upperArmAxis(body, side);
  if (kind === 'forearm') return forearmAxis(body, side);
  throw new Error(`body-axes: ${kind} is not a limb`);
}
