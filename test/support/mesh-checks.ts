// Topology and geometry checks shared by the body-model and asset tests.
export function edgeUseCounts(indices: Uint32Array): { undirected: Map<number, number>; directedRepeats: number; vertexCount: number } {
  let vertexCount = 0;
  for (const i of indices) vertexCount = Math.max(vertexCount, i + 1);
  const undirected = new Map<number, number>();
  const directed = new Set<number>();
  let directedRepeats = 0;
  for (let t = 0; t < indices.length; t += 3) {
    for (let k = 0; k < 3; k++) {
      const a = indices[t + k], b = indices[t + ((k + 1) % 3)];
      const key = Math.min(a, b) * vertexCount + Math.max(a, b);
      undirected.set(key, (undirected.get(key) ?? 0) + 1);
      const d = a * vertexCount + b;
      if (directed.has(d)) directedRepeats++;
      directed.add(d);
    }
  }
  return { undirected, directedRepeats, vertexCount };
}

/** Signed volume of a closed mesh (m^3 for metres); positive when triangles face outwards. */
export function signedVolume(positions: Float32Array, indices: Uint32Array): number {
  let volume = 0;
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t] * 3, b = indices[t + 1] * 3, c = indices[t + 2] * 3;
    volume += (positions[a] * (positions[b + 1] * positions[c + 2] - positions[b + 2] * positions[c + 1])
      - positions[a + 1] * (positions[b] * positions[c + 2] - positions[b + 2] * positions[c])
      + positions[a + 2] * (positions[b] * positions[c + 1] - positions[b + 1] * positions[c])) / 6;
  }
  return volume;
}

/** Pixels of an RGBA image that differ from the given background colour. */
export function countNonBackground(rgba: Uint8Array, background: [number, number, number]): number {
  let count = 0;
  for (let p = 0; p < rgba.length; p += 4) {
    if (rgba[p] !== background[0] || rgba[p + 1] !== background[1] || rgba[p + 2] !== background[2]) count++;
  }
  return count;
}
