/**
 * Triangles bucketed by height, so a plane cut visits only the triangles whose y-range can meet
 * the plane (a cut of a 150k-triangle body then touches a few thousand). Built once per mesh,
 * O(triangles); queries return each triangle once (stamp array, no allocation per query).
 */
export interface MeshSlabIndex {
  minY: number;
  bucketM: number;
  start: Uint32Array;
  items: Uint32Array;
  stamp: Uint32Array;
  epoch: number;
}

export function buildMeshSlabIndex(positions: ArrayLike<number>, indices: ArrayLike<number>, bucketM = 0.01): MeshSlabIndex {
  const triangles = Math.floor(indices.length / 3);
  let minY = Infinity, maxY = -Infinity;
  for (let i = 1; i < positions.length; i += 3) { if (positions[i] < minY) minY = positions[i]; if (positions[i] > maxY) maxY = positions[i]; }
  const buckets = Math.max(1, Math.ceil((maxY - minY) / bucketM) + 1);
  const lo = new Uint32Array(triangles), hi = new Uint32Array(triangles);
  const start = new Uint32Array(buckets + 1);
  for (let t = 0; t < triangles; t++) {
    let a = Infinity, b = -Infinity;
    for (let k = 0; k < 3; k++) { const y = positions[3 * indices[3 * t + k] + 1]; if (y < a) a = y; if (y > b) b = y; }
    lo[t] = Math.floor((a - minY) / bucketM); hi[t] = Math.floor((b - minY) / bucketM);
    for (let s = lo[t]; s <= hi[t]; s++) start[s + 1]++;
  }
  for (let s = 0; s < buckets; s++) start[s + 1] += start[s];
  const cursor = start.slice(0, buckets);
  const items = new Uint32Array(start[buckets]);
  for (let t = 0; t < triangles; t++) for (let s = lo[t]; s <= hi[t]; s++) items[cursor[s]++] = t;
  return { minY, bucketM, start, items, stamp: new Uint32Array(triangles), epoch: 0 };
}

/** Calls visit(t) once for every triangle that may cross heights [y0, y1] (m). */
export function forTrianglesInRange(index: MeshSlabIndex, y0: number, y1: number, visit: (t: number) => void): void {
  const buckets = index.start.length - 1;
  const s0 = Math.max(0, Math.floor((y0 - index.minY) / index.bucketM));
  const s1 = Math.min(buckets - 1, Math.floor((y1 - index.minY) / index.bucketM));
  index.epoch++;
  if (index.epoch === 0xffffffff) { index.stamp.fill(0); index.epoch = 1; }
  for (let s = s0; s <= s1; s++) {
    for (let k = index.start[s]; k < index.start[s + 1]; k++) {
      const t = index.items[k];
      if (index.stamp[t] === index.epoch) continue;
      index.stamp[t] = index.epoch;
      visit(t);
    }
  }
}
