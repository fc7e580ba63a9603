/**
 * Enclosed volume of a triangle mesh by the divergence theorem: V = Σ (v0 × v1) · v2 / 6 over
 * faces (signed tetrahedra from the origin, the divergence theorem).
 * Only valid when the surface is closed and consistently oriented, so closedness is checked:
 * every undirected edge must be used exactly twice, once in each direction.
 * A mesh made of several closed shells that do not overlap (torso, limbs) sums correctly.
 */
export interface MeshVolumeResult {
  /** |signed volume| in input units cubed. */
  volume: number;
  /** Signed sum; negative means inward-facing triangles. */
  signedVolume: number;
  /** True when every edge has exactly one opposite twin (closed, consistently oriented). */
  closed: boolean;
  /** Edges without an opposite twin (boundary or inconsistent orientation). */
  openEdges: number;
}

export function meshVolume(positions: ArrayLike<number>, indices: ArrayLike<number>): MeshVolumeResult {
  const triangleCount = Math.floor(indices.length / 3);
  const signedVolume = signedMeshVolume(positions, indices);
  const openEdges = countUnpairedEdges(indices, triangleCount);
  return { volume: Math.abs(signedVolume), signedVolume, closed: openEdges === 0 && triangleCount > 0, openEdges };
}

/**
 * The signed sum alone (input units cubed; negative for inward-facing triangles), without the
 * closedness check: for a mesh known to be closed (the body model's), or when only the orientation
 * matters. The check sorts every directed edge twice, most of meshVolume's time.
 */
export function signedMeshVolume(positions: ArrayLike<number>, indices: ArrayLike<number>): number {
  const triangleCount = Math.floor(indices.length / 3);
  let sum = 0;
  for (let t = 0; t < triangleCount; t++) {
    const a = 3 * indices[3 * t], b = 3 * indices[3 * t + 1], c = 3 * indices[3 * t + 2];
    const ax = positions[a], ay = positions[a + 1], az = positions[a + 2];
    const bx = positions[b], by = positions[b + 1], bz = positions[b + 2];
    const cx = positions[c], cy = positions[c + 1], cz = positions[c + 2];
    sum += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
  }
  return sum / 6;
}

/**
 * Counts directed edges (a→b) with no matching (b→a): sort the directed keys a·N+b and the
 * reversed keys b·N+a, then walk both sorted lists together (O(E log E), no per-edge object).
 * A duplicated directed edge (non-manifold or inconsistent winding) also counts as unpaired.
 */
function countUnpairedEdges(indices: ArrayLike<number>, triangleCount: number): number {
  const edgeCount = 3 * triangleCount;
  let maxIndex = 0;
  for (let i = 0; i < edgeCount; i++) if (indices[i] > maxIndex) maxIndex = indices[i];
  const base = maxIndex + 1;
  if (base * base > Number.MAX_SAFE_INTEGER) return -1;
  const forward = new Float64Array(edgeCount);
  const reverse = new Float64Array(edgeCount);
  for (let t = 0; t < triangleCount; t++) {
    for (let e = 0; e < 3; e++) {
      const from = indices[3 * t + e], to = indices[3 * t + (e === 2 ? 0 : e + 1)];
      forward[3 * t + e] = from * base + to;
      reverse[3 * t + e] = to * base + from;
    }
  }
  forward.sort();
  reverse.sort();
  let unpaired = 0;
  let j = 0;
  for (let i = 0; i < edgeCount; i++) {
    const key = forward[i];
    if (i > 0 && key === forward[i - 1]) { unpaired++; continue; }
    while (j < edgeCount && reverse[j] < key) j++;
    if (j >= edgeCount || reverse[j] !== key) unpaired++;
  }
  return unpaired;
}
