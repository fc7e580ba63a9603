// Whole-mesh checks and integrals for closed triangle meshes: edge manifoldness (boundary and
// non-manifold edge counts, Euler characteristic), enclosed volume (divergence theorem, units^3)
// and surface area (units^2). Positions xyz interleaved, triangles as index triples.

export interface MeshTopology {
  vertexCount: number;
  triangleCount: number;
  edgeCount: number;
  /** Edges used by exactly one triangle. */
  boundaryEdges: number;
  /** Edges used by more than two triangles. */
  nonManifoldEdges: number;
  /** V - E + F over vertices used by triangles (2 for a closed genus-0 surface). */
  eulerCharacteristic: number;
}

export function meshTopology(vertexCount: number, triangles: ArrayLike<number>): MeshTopology {
  const uses = new Map<number, number>();
  const usedVertices = new Uint8Array(vertexCount);
  for (let t = 0; t < triangles.length; t += 3) {
    for (let k = 0; k < 3; k++) {
      const a = triangles[t + k], b = triangles[t + ((k + 1) % 3)];
      usedVertices[a] = 1;
      const key = Math.min(a, b) * vertexCount + Math.max(a, b);
      uses.set(key, (uses.get(key) ?? 0) + 1);
    }
  }
  let boundaryEdges = 0, nonManifoldEdges = 0;
  for (const count of uses.values()) {
    if (count === 1) boundaryEdges++;
    else if (count > 2) nonManifoldEdges++;
  }
  const used = usedVertices.reduce((sum, flag) => sum + flag, 0);
  const triangleCount = triangles.length / 3;
  return {
    vertexCount, triangleCount, edgeCount: uses.size, boundaryEdges, nonManifoldEdges,
    eulerCharacteristic: used - uses.size + triangleCount,
  };
}

/** Signed enclosed volume (positive for outward-facing counter-clockwise triangles). */
export function meshSignedVolume(positions: ArrayLike<number>, triangles: ArrayLike<number>): number {
  let sixTimes = 0;
  for (let t = 0; t < triangles.length; t += 3) {
    const a = 3 * triangles[t], b = 3 * triangles[t + 1], c = 3 * triangles[t + 2];
    const ax = positions[a], ay = positions[a + 1], az = positions[a + 2];
    const bx = positions[b], by = positions[b + 1], bz = positions[b + 2];
    const cx = positions[c], cy = positions[c + 1], cz = positions[c + 2];
    sixTimes += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
  }
  return sixTimes / 6;
}

/** Per-triangle areas (units^2). */
export function triangleAreas(positions: ArrayLike<number>, triangles: ArrayLike<number>): Float64Array {
  const areas = new Float64Array(triangles.length / 3);
  for (let t = 0; t < triangles.length; t += 3) {
    const a = 3 * triangles[t], b = 3 * triangles[t + 1], c = 3 * triangles[t + 2];
    const ux = positions[b] - positions[a], uy = positions[b + 1] - positions[a + 1], uz = positions[b + 2] - positions[a + 2];
    const vx = positions[c] - positions[a], vy = positions[c + 1] - positions[a + 1], vz = positions[c + 2] - positions[a + 2];
    areas[t / 3] = 0.5 * Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
  }
  return areas;
}
