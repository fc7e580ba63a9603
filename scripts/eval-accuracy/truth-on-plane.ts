// Exact girth of a MakeHuman body on a given plane, with the component chosen by body part (not
// by the measurer): torso fields take the loop around the torso axis, limb fields the loop around
// that limb's joint axis, the neck the loop around the neck axis, shoulders the hull of the torso
// and both upper-arm loops. Truth frame: metres, Y up, facing +Z.
// Where an arm touches or joins the torso, each girth keeps its own body part's surface: a torso
// girth is the tape passed under the arms (the hull of the torso loop's points whose nearest mesh
// vertex is not arm skin, by the rig's labels in BodyMesh.armVertex; an arm that is its own loop
// is left out anyway), an arm girth the hull of its loop's arm-skin points.
import { cutMesh, componentAt, hullPerimeterOf, type CutComponent, type PlaneCut } from '../../src/processing/evaluation/cut-components.ts';
import { convexHull2d, polygonPerimeter } from '../../src/processing/evaluation/plane-polygon.ts';
import { VertexGrid } from './vertex-grid.ts';
import type { CircumferenceField } from '../../src/domain/measurements.ts';
import type { BodyMesh, Vec3 } from './body-mesh.ts';
import {
  fieldKind, fieldSide, limbAxis, linePlaneIntersection, neckAxis, torsoReferenceAt, upperArmAxis, type Side,
} from './body-axes.ts';

export interface PlaneGirth {
  perimeterM: number;
  /** The limb side whose axis the plane crosses nearest its centre (null for torso/neck). */
  side: Side | null;
  /** In-plane distance from the axis crossing to the chosen component (0 = axis inside it). */
  axisOffsetM: number;
}

export function cutBody(body: BodyMesh, centerM: Vec3, normal: Vec3): PlaneCut {
  return cutMesh(body.positionsM, body.triangles, { point: centerM, normal });
}

/** The torso loop of a (near-horizontal) cut: the component around the torso reference point at the cut's height. */
export function torsoComponent(body: BodyMesh, cut: PlaneCut): { component: CutComponent; distance: number } | null {
  return componentAt(cut, torsoReferenceAt(body, cut.plane.point[1]));
}

const armGrids = new WeakMap<BodyMesh, VertexGrid>();
/** Grid cell for the nearest-vertex lookup (m): hm08's edges are 0.5-3 cm long. */
const LABEL_GRID_CELL_M = 0.03;

/**
 * Torso girth of a cut: hull perimeter of the torso component's outer loop without its arm-skin
 * points (nearest mesh vertex arm-labelled). The whole loop when the body has no labels or fewer
 * than 3 points would remain.
 */
export function torsoHullPerimeter(body: BodyMesh, component: CutComponent): number {
  return labelledHullPerimeter(body, component, 0);
}

/** Arm girth of a cut: hull perimeter of the arm component's arm-skin points (the whole loop when it is all arm). */
export function armHullPerimeter(body: BodyMesh, component: CutComponent): number {
  return labelledHullPerimeter(body, component, 1);
}

/** Hull perimeter of the loop points whose nearest vertex has label `keep` (1 arm, 0 the rest). */
function labelledHullPerimeter(body: BodyMesh, component: CutComponent, keep: 0 | 1): number {
  const labels = body.armVertex;
  if (!labels) return component.hullPerimeter;
  let grid = armGrids.get(body);
  if (!grid) {
    grid = new VertexGrid(body.positionsM, Uint32Array.from({ length: body.positionsM.length / 3 }, (_, i) => i), LABEL_GRID_CELL_M);
    armGrids.set(body, grid);
  }
  const loop = component.outerLoop, uv = component.outerUv;
  const kept = new Float64Array(uv.length);
  let n = 0, dropped = 0;
  for (let k = 0; k < loop.length / 3; k++) {
    const v = grid.nearest(loop[3 * k], loop[3 * k + 1], loop[3 * k + 2]);
    if (v >= 0 && labels[v] !== keep) { dropped++; continue; }
    kept[2 * n] = uv[2 * k]; kept[2 * n + 1] = uv[2 * k + 1]; n++;
  }
  if (dropped === 0 || n < 3) return component.hullPerimeter;
  return polygonPerimeter(convexHull2d(kept.subarray(0, 2 * n)));
}

export function girthOnPlane(body: BodyMesh, field: CircumferenceField, centerM: Vec3, normal: Vec3): PlaneGirth | null {
  const cut = cutBody(body, centerM, normal);
  const kind = fieldKind(field);
  if (kind === 'torso') {
    const found = torsoComponent(body, cut);
    return found && { perimeterM: torsoHullPerimeter(body, found.component), side: null, axisOffsetM: found.distance };
  }
  if (kind === 'shoulder') {
    const torso = torsoComponent(body, cut);
    if (!torso) return null;
    const parts = new Set<CutComponent>([torso.component]);
    for (const side of ['left', 'right'] as const) {
      const crossing = linePlaneIntersection(upperArmAxis(body, side), centerM, normal);
      const arm = crossing && componentAt(cut, crossing);
      if (arm && arm.distance === 0) parts.add(arm.component);
    }
    return { perimeterM: hullPerimeterOf([...parts]), side: null, axisOffsetM: torso.distance };
  }
  if (kind === 'neck') {
    const crossing = linePlaneIntersection(neckAxis(body), centerM, normal);
    const found = crossing && componentAt(cut, crossing);
    return found && { perimeterM: found.component.hullPerimeter, side: null, axisOffsetM: found.distance };
  }
  // Limb: the side whose axis crosses the plane nearest the plane's centre point.
  const named = fieldSide(field) ?? 'left';
  let best: { side: Side; crossing: Vec3; gap: number } | null = null;
  for (const side of [named, named === 'left' ? 'right' : 'left'] as const) {
    const crossing = linePlaneIntersection(limbAxis(body, kind, side), centerM, normal);
    if (!crossing) continue;
    const gap = Math.hypot(crossing[0] - centerM[0], crossing[1] - centerM[1], crossing[2] - centerM[2]);
    if (!best || gap < best.gap) best = { side, crossing, gap };
  }
  if (!best) return null;
  // A plane that meets the limb's axis line beyond the limb (past a quarter of its length from
  // either joint) does not cut the limb: report it as missing the part.
  const axis = limbAxis(body, kind, best.side);
  const t = alongSegment(axis, best.crossing);
  const found = componentAt(cut, best.crossing);
  const isArm = kind === 'upperArm' || kind === 'forearm';
  const offAxis = t < -LIMB_AXIS_MARGIN || t > 1 + LIMB_AXIS_MARGIN ? Infinity : 0;
  return found && { perimeterM: isArm ? armHullPerimeter(body, found.component) : found.component.hullPerimeter, side: best.side, axisOffsetM: Math.max(found.distance, offAxis) };
}

/** How far past either joint (fraction of the limb segment) a plane may meet the axis line and still cut the limb. */
export const LIMB_AXIS_MARGIN = 0.25;

/** Fraction of the way from `from` to `to` of a point's projection on the segment. */
function alongSegment(segment: { from: Vec3; to: Vec3 }, p: Vec3): number {
  const d = [segment.to[0] - segment.from[0], segment.to[1] - segment.from[1], segment.to[2] - segment.from[2]];
  return ((p[0] - segment.from[0]) * d[0] + (p[1] - segment.from[1]) * d[1] + (p[2] - segment.from[2]) * d[2]) / (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
}
