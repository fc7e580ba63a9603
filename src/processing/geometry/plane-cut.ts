/**
 * Exact plane–triangle intersection: the cut of a mesh by a plane is a set of segments whose
 * endpoints lie on triangle edges. Endpoints are returned in 2-D plane coordinates (u, v) so the
 * girth is the convex-hull perimeter of those points (docs/measurements.md), with no sampling error.
 */
import type { Vec3 } from './pca.ts';
import { cross, normalize } from './pca.ts';

export interface Plane {
  /** A point on the plane (m). */
  point: Vec3;
  /** Unit normal. */
  normal: Vec3;
  /** In-plane orthonormal axes; (u, v, normal) is right-handed. */
  u: Vec3;
  v: Vec3;
}

/** Builds a plane with a stable in-plane basis (u follows +X when possible, else +Z). */
export function makePlane(point: Vec3, normal: Vec3): Plane {
  const n = normalize(normal);
  const helper: Vec3 = Math.abs(n[0]) < 0.9 ? [1, 0, 0] : [0, 0, 1];
  const v = normalize(cross(n, helper));
  const u = normalize(cross(v, n));
  return { point: [point[0], point[1], point[2]], normal: n, u, v };
}

/** Growable flat buffer of numbers (amortised doubling, reused across calls). */
export interface FlatBuffer {
  data: Float64Array;
  length: number;
}

export function makeFlatBuffer(capacity = 1024): FlatBuffer {
  return { data: new Float64Array(capacity), length: 0 };
}

export function pushPair(buf: FlatBuffer, a: number, b: number): void {
  if (buf.length + 2 > buf.data.length) {
    const next = new Float64Array(Math.max(16, buf.data.length * 2));
    next.set(buf.data.subarray(0, buf.length));
    buf.data = next;
  }
  buf.data[buf.length++] = a;
  buf.data[buf.length++] = b;
}

/**
 * Appends to out (as u,v pairs) both endpoints of every segment where the plane cuts a triangle
 * of the mesh. Triangles entirely on one side are skipped after three dot products. `candidates`
 * may restrict the triangles visited (e.g. mesh-slab-index.ts); all are visited otherwise.
 * `edgeKeys`, when given, receives for every endpoint the (min, max) vertex indices of the mesh edge
 * it lies on: neighbouring segments share an edge, which links a loop by topology, whatever the
 * triangle size.
 * Returns the number of segments appended.
 */
export function cutMesh(
  positions: ArrayLike<number>,
  indices: ArrayLike<number>,
  plane: Plane,
  out: FlatBuffer,
  candidates?: (visit: (t: number) => void) => void,
  edgeKeys?: FlatBuffer,
): number {
  const [px, py, pz] = plane.point;
  const [nx, ny, nz] = plane.normal;
  const d = new Float64Array(3);
  const triangles = Math.floor(indices.length / 3);
  let segments = 0;
  const cutTriangle = (t: number): void => {
    let pos = 0, neg = 0;
    for (let k = 0; k < 3; k++) {
      const i = 3 * indices[3 * t + k];
      const dist = (positions[i] - px) * nx + (positions[i + 1] - py) * ny + (positions[i + 2] - pz) * nz;
      d[k] = dist;
      if (dist > 0) pos++; else neg++;
    }
    if (pos === 0 || neg === 0) return;
    for (let k = 0; k < 3; k++) {
      const k2 = k === 2 ? 0 : k + 1;
      if ((d[k] > 0) === (d[k2] > 0)) continue;
      const i = 3 * indices[3 * t + k], j = 3 * indices[3 * t + k2];
      const s = d[k] / (d[k] - d[k2]);
      const x = positions[i] + s * (positions[j] - positions[i]) - px;
      const y = positions[i + 1] + s * (positions[j + 1] - positions[i + 1]) - py;
      const z = positions[i + 2] + s * (positions[j + 2] - positions[i + 2]) - pz;
      pushPair(out, x * plane.u[0] + y * plane.u[1] + z * plane.u[2], x * plane.v[0] + y * plane.v[1] + z * plane.v[2]);
      if (edgeKeys) {
        const a = indices[3 * t + k], b = indices[3 * t + k2];
        pushPair(edgeKeys, Math.min(a, b), Math.max(a, b));
      }
    }
    segments++;
  };
  if (candidates) candidates(cutTriangle);
  else for (let t = 0; t < triangles; t++) cutTriangle(t);
  return segments;
}

/** Maps plane coordinates (u, v) back to the canonical frame (m). */
export function planeToWorld(plane: Plane, u: number, v: number): Vec3 {
  return [
    plane.point[0] + u * plane.u[0] + v * plane.v[0],
    plane.point[1] + u * plane.u[1] + v * plane.v[1],
    plane.point[2] + u * plane.u[2] + v * plane.v[2],
  ];
}
