// Small mesh helpers for the build log: enclosed volume and vertex neighbours.

/** Enclosed volume (m^3) of a closed, outward-wound triangle mesh (divergence theorem). */
export function meshVolumeM3(positions: ArrayLike<number>, triangles: Uint32Array): number {
  let six = 0;
  for (let t = 0; t < triangles.length; t += 3) {
    const a = 3 * triangles[t];
    const b = 3 * triangles[t + 1];
    const c = 3 * triangles[t + 2];
    six += positions[a] * (positions[b + 1] * positions[c + 2] - positions[b + 2] * positions[c + 1])
      - positions[a + 1] * (positions[b] * positions[c + 2] - positions[b + 2] * positions[c])
      + positions[a + 2] * (positions[b] * positions[c + 1] - positions[b + 1] * positions[c]);
  }
  return six / 6;
}

/** Vertex -> its edge neighbours (sorted, so the build's choices are deterministic). */
export function vertexNeighbours(triangles: Uint32Array, vertexCount: number): (v: number) => readonly number[] {
  const sets = Array.from({ length: vertexCount }, () => new Set<number>());
  for (let t = 0; t < triangles.length; t += 3) {
    for (let e = 0; e < 3; e++) {
      const a = triangles[t + e];
      const b = triangles[t + ((e + 1) % 3)];
      sets[a].add(b);
      sets[b].add(a);
    }
  }
  const lists = sets.map((set) => [...set].sort((a, b) => a - b));
  return (v) => lists[v];
}
