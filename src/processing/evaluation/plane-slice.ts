// Exact plane–triangle-mesh intersection: every triangle that straddles the plane contributes one
// segment whose ends lie on two of its edges; segments sharing a mesh edge are chained into closed
// loops. Exact up to floating point (no resampling). Vertices exactly on the plane are treated as
// lying on the positive side (symbolic perturbation), so each crossing edge has exactly one point
// and, on a closed 2-manifold mesh, every loop closes. Units: whatever the positions use.

export interface Plane {
  /** A point on the plane. */
  point: readonly [number, number, number];
  /** Normal of the plane (need not be unit; it is normalised). */
  normal: readonly [number, number, number];
}

/** A closed polyline of the cut, xyz interleaved (first point not repeated at the end). */
export type SliceLoop = Float64Array;

export interface SliceResult {
  loops: SliceLoop[];
  /** Chains that did not close (only on meshes with holes / non-manifold edges). */
  openChains: number;
}

/** Cuts the triangle mesh (positions xyz interleaved, triangles as vertex-index triples) by a plane. */
export function slicePlane(positions: ArrayLike<number>, triangles: ArrayLike<number>, plane: Plane): SliceResult {
  const [nx0, ny0, nz0] = plane.normal;
  const length = Math.hypot(nx0, ny0, nz0);
  const nx = nx0 / length, ny = ny0 / length, nz = nz0 / length;
  const vertexCount = positions.length / 3;
  const offset = nx * plane.point[0] + ny * plane.point[1] + nz * plane.point[2];
  const distance = new Float64Array(vertexCount);
  for (let i = 0; i < vertexCount; i++) {
    distance[i] = nx * positions[3 * i] + ny * positions[3 * i + 1] + nz * positions[3 * i + 2] - offset;
  }
  const above = (i: number): boolean => distance[i] >= 0;

  // Crossing edge key -> point id; segments as pairs of point ids.
  const pointOfEdge = new Map<number, number>();
  const points: number[] = [];
  const segmentEnds: number[] = [];
  const edgePoint = (a: number, b: number): number => {
    const lo = Math.min(a, b), hi = Math.max(a, b);
    const key = lo * vertexCount + hi;
    let id = pointOfEdge.get(key);
    if (id === undefined) {
      // Interpolate from the lower index so both triangles sharing the edge get identical bits.
      const t = distance[lo] / (distance[lo] - distance[hi]);
      id = points.length / 3;
      for (let c = 0; c < 3; c++) points.push(positions[3 * lo + c] + t * (positions[3 * hi + c] - positions[3 * lo + c]));
      pointOfEdge.set(key, id);
    }
    return id;
  };
  for (let t = 0; t < triangles.length; t += 3) {
    const a = triangles[t], b = triangles[t + 1], c = triangles[t + 2];
    const sa = above(a), sb = above(b), sc = above(c);
    if (sa === sb && sb === sc) continue;
    // The lone vertex is the one whose side differs from the other two.
    const [lone, p, q] = sa === sb ? [c, a, b] : sa === sc ? [b, c, a] : [a, b, c];
    segmentEnds.push(edgePoint(lone, p), edgePoint(lone, q));
  }

  // Each point belongs to exactly two segments on a closed manifold: walk them.
  const pointCount = points.length / 3;
  const firstSegment = new Int32Array(pointCount).fill(-1);
  const secondSegment = new Int32Array(pointCount).fill(-1);
  const segmentCount = segmentEnds.length / 2;
  for (let s = 0; s < segmentCount; s++) {
    for (const p of [segmentEnds[2 * s], segmentEnds[2 * s + 1]]) {
      if (firstSegment[p] < 0) firstSegment[p] = s; else secondSegment[p] = s;
    }
  }
  const used = new Uint8Array(segmentCount);
  const loops: SliceLoop[] = [];
  let openChains = 0;
  for (let start = 0; start < segmentCount; start++) {
    if (used[start]) continue;
    const chain: number[] = [];
    let segment = start;
    let point = segmentEnds[2 * start];
    let closed = false;
    while (true) {
      used[segment] = 1;
      chain.push(point);
      const next = segmentEnds[2 * segment] === point ? segmentEnds[2 * segment + 1] : segmentEnds[2 * segment];
      if (next === segmentEnds[2 * start]) { closed = true; break; }
      const nextSegment = firstSegment[next] === segment ? secondSegment[next] : firstSegment[next];
      if (nextSegment < 0 || used[nextSegment]) break;
      point = next;
      segment = nextSegment;
    }
    if (!closed) { openChains++; continue; }
    const loop = new Float64Array(3 * chain.length);
    chain.forEach((p, k) => { loop[3 * k] = points[3 * p]; loop[3 * k + 1] = points[3 * p + 1]; loop[3 * k + 2] = points[3 * p + 2]; });
    loops.push(loop);
  }
  return { loops, openChains };
}
