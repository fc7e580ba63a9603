/**
 * Smooth vertex normals of a triangle mesh: the area-weighted sum of the incident face normals,
 * normalised. Any frame; units cancel. Vertices on no triangle (or only on degenerate ones) get
 * (0, 1, 0) so every normal is a unit vector (glTF requires that).
 */
export function computeSmoothNormals(positionsM: Float32Array, indices: Uint32Array): Float32Array {
  const normals = new Float32Array(positionsM.length);
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t] * 3;
    const b = indices[t + 1] * 3;
    const c = indices[t + 2] * 3;
    const abx = positionsM[b] - positionsM[a];
    const aby = positionsM[b + 1] - positionsM[a + 1];
    const abz = positionsM[b + 2] - positionsM[a + 2];
    const acx = positionsM[c] - positionsM[a];
    const acy = positionsM[c + 1] - positionsM[a + 1];
    const acz = positionsM[c + 2] - positionsM[a + 2];
    // Cross product: its length is twice the triangle area, which weights the face.
    const nx = aby * acz - abz * acy;
    const ny = abz * acx - abx * acz;
    const nz = abx * acy - aby * acx;
    normals[a] += nx; normals[a + 1] += ny; normals[a + 2] += nz;
    normals[b] += nx; normals[b + 1] += ny; normals[b + 2] += nz;
    normals[c] += nx; normals[c + 1] += ny; normals[c + 2] += nz;
  }
  normalizeInPlace(normals);
  return normals;
}

/** Normalises xyz vectors in place; zero-length vectors become (0, 1, 0). */
export function normalizeInPlace(vectors: Float32Array): void {
  for (let i = 0; i < vectors.length; i += 3) {
    const x = vectors[i];
    const y = vectors[i + 1];
    const z = vectors[i + 2];
    const length = Math.sqrt(x * x + y * y + z * z);
    if (length > 1e-20) {
      vectors[i] = x / length; vectors[i + 1] = y / length; vectors[i + 2] = z / length;
    } else {
      vectors[i] = 0; vectors[i + 1] = 1; vectors[i + 2] = 0;
    }
  }
}
