// Turns an exact plane cut into body-part components: loops nested inside another loop (e.g. the
// mouth cavity inside the head) join their outer loop; each outer loop is one connected component
// of the cut. Girth of a component = perimeter of its convex hull in the plane (tape-equivalent).
// Units follow the mesh (metres in the evaluation).
import { slicePlane, type Plane } from './plane-slice.ts';
import { convexHull2d, planeBasis, polygonArea, polygonContains, polygonPerimeter, projectToPlane } from './plane-polygon.ts';

export interface CutComponent {
  /** Outer loop, xyz interleaved. */
  outerLoop: Float64Array;
  /** Outer loop in plane coordinates (u, v about the plane point), interleaved. */
  outerUv: Float64Array;
  /** Area enclosed by the outer loop. */
  area: number;
  /** Convex hull of the outer loop, uv interleaved. */
  hullUv: Float64Array;
  hullPerimeter: number;
  centroid: [number, number, number];
}

export interface PlaneCut {
  plane: Plane;
  basis: { u: [number, number, number]; v: [number, number, number] };
  components: CutComponent[];
  openChains: number;
}

export function cutMesh(positions: ArrayLike<number>, triangles: ArrayLike<number>, plane: Plane): PlaneCut {
  const { loops, openChains } = slicePlane(positions, triangles, plane);
  const basis = planeBasis(plane.normal);
  const uvs = loops.map((loop) => projectToPlane(loop, plane.point, basis));
  const areas = uvs.map((uv) => polygonArea(uv));
  const components: CutComponent[] = [];
  loops.forEach((loop, i) => {
    const nested = uvs.some((other, j) => j !== i && areas[j] > areas[i] && polygonContains(other, uvs[i][0], uvs[i][1]));
    if (nested) return;
    const hullUv = convexHull2d(uvs[i]);
    const n = loop.length / 3;
    const centroid: [number, number, number] = [0, 0, 0];
    for (let k = 0; k < n; k++) for (let c = 0; c < 3; c++) centroid[c] += loop[3 * k + c] / n;
    components.push({ outerLoop: loop, outerUv: uvs[i], area: areas[i], hullUv, hullPerimeter: polygonPerimeter(hullUv), centroid });
  });
  return { plane, basis, components, openChains };
}

/** Plane coordinates of a world point (it is first projected onto the plane). */
export function toPlaneUv(cut: PlaneCut, point: readonly [number, number, number]): [number, number] {
  const uv = projectToPlane(point, cut.plane.point, cut.basis);
  return [uv[0], uv[1]];
}

/** Distance in the plane from a uv point to a component (0 when inside its outer loop). */
export function distanceToComponent(component: CutComponent, u: number, v: number): number {
  if (polygonContains(component.outerUv, u, v)) return 0;
  let best = Infinity;
  const uv = component.outerUv;
  const n = uv.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const ax = uv[2 * j], ay = uv[2 * j + 1], bx = uv[2 * i], by = uv[2 * i + 1];
    const dx = bx - ax, dy = by - ay;
    const t = Math.max(0, Math.min(1, ((u - ax) * dx + (v - ay) * dy) / (dx * dx + dy * dy || 1)));
    best = Math.min(best, Math.hypot(ax + t * dx - u, ay + t * dy - v));
  }
  return best;
}

/** The component containing (or nearest to) a world point, with that distance. */
export function componentAt(cut: PlaneCut, point: readonly [number, number, number]): { component: CutComponent; distance: number } | null {
  const [u, v] = toPlaneUv(cut, point);
  let best: { component: CutComponent; distance: number } | null = null;
  for (const component of cut.components) {
    const distance = distanceToComponent(component, u, v);
    if (!best || distance < best.distance) best = { component, distance };
  }
  return best;
}

/** Perimeter of the convex hull of several components together (e.g. shoulders: torso + both arms). */
export function hullPerimeterOf(components: readonly CutComponent[]): number {
  const total = components.reduce((sum, c) => sum + c.outerUv.length, 0);
  const all = new Float64Array(total);
  let offset = 0;
  for (const c of components) { all.set(c.outerUv, offset); offset += c.outerUv.length; }
  return polygonPerimeter(convexHull2d(all));
}
