/**
 * Cylindrical texture mapping around the vertical axis of a body in the canonical frame (m, Y up,
 * facing +Z): u = 0.5 + atan2(x - cx, z - cz) / 2π, so the front centre is u = 0.5 and the seam runs
 * down the back; v = (top - y) / (top - bottom), glTF convention (v = 0 at the image's top row).
 */
export interface CylinderFrame {
  centerXM: number;
  centerZM: number;
  bottomYM: number;
  topYM: number;
}

/** The cylinder around a point set: the axis through the x/z bounding-box centre, spanning its y range (m). */
export function cylinderFrameOf(positionsM: Float32Array): CylinderFrame {
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity, minZ = Infinity, maxZ = -Infinity;
  for (let i = 0; i < positionsM.length; i += 3) {
    const x = positionsM[i], y = positionsM[i + 1], z = positionsM[i + 2];
    if (x < minX) minX = x; if (x > maxX) maxX = x;
    if (y < minY) minY = y; if (y > maxY) maxY = y;
    if (z < minZ) minZ = z; if (z > maxZ) maxZ = z;
  }
  if (minX > maxX) return { centerXM: 0, centerZM: 0, bottomYM: 0, topYM: 1 };
  return { centerXM: (minX + maxX) / 2, centerZM: (minZ + maxZ) / 2, bottomYM: minY, topYM: maxY > minY ? maxY : minY + 1 };
}

/** u in [0, 1) for a point (m). */
export function cylinderU(frame: CylinderFrame, xM: number, zM: number): number {
  const u = 0.5 + Math.atan2(xM - frame.centerXM, zM - frame.centerZM) / (2 * Math.PI);
  return u >= 1 ? u - 1 : u;
}

/** v in [0, 1] for a height (m), 0 at the top. */
export function cylinderV(frame: CylinderFrame, yM: number): number {
  const v = (frame.topYM - yM) / (frame.topYM - frame.bottomYM);
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

export interface UnwrappedMesh {
  positionsM: Float32Array;
  indices: Uint32Array;
  uvs: Float32Array;
  /** For each output vertex, the input vertex it copies (seam vertices appear twice). */
  sourceVertex: Uint32Array;
}

/**
 * Gives a triangle mesh cylindrical uvs. Triangles that straddle the seam (u span > 0.5) use
 * duplicated vertices with u + 1, so with the REPEAT wrap mode they sample across the seam
 * instead of across the whole texture. Positions are copied (m, unchanged).
 */
export function unwrapCylindrical(positionsM: Float32Array, indices: Uint32Array, frame: CylinderFrame): UnwrappedMesh {
  const vertexCount = positionsM.length / 3;
  const u = new Float32Array(vertexCount);
  const v = new Float32Array(vertexCount);
  for (let i = 0; i < vertexCount; i++) {
    u[i] = cylinderU(frame, positionsM[i * 3], positionsM[i * 3 + 2]);
    v[i] = cylinderV(frame, positionsM[i * 3 + 1]);
  }
  // duplicateOf[i] = index of the u+1 copy of vertex i, or 0xffffffff when none is needed.
  const duplicateOf = new Uint32Array(vertexCount).fill(0xffffffff);
  let next = vertexCount;
  const straddles = (t: number): boolean => {
    const ua = u[indices[t]], ub = u[indices[t + 1]], uc = u[indices[t + 2]];
    return Math.max(ua, ub, uc) - Math.min(ua, ub, uc) > 0.5;
  };
  for (let t = 0; t < indices.length; t += 3) {
    if (!straddles(t)) continue;
    for (let k = 0; k < 3; k++) {
      const vertex = indices[t + k];
      if (u[vertex] < 0.5 && duplicateOf[vertex] === 0xffffffff) duplicateOf[vertex] = next++;
    }
  }
  const outPositions = new Float32Array(next * 3);
  outPositions.set(positionsM);
  const uvs = new Float32Array(next * 2);
  const sourceVertex = new Uint32Array(next);
  for (let i = 0; i < vertexCount; i++) {
    uvs[i * 2] = u[i]; uvs[i * 2 + 1] = v[i]; sourceVertex[i] = i;
    const copy = duplicateOf[i];
    if (copy !== 0xffffffff) {
      outPositions[copy * 3] = positionsM[i * 3];
      outPositions[copy * 3 + 1] = positionsM[i * 3 + 1];
      outPositions[copy * 3 + 2] = positionsM[i * 3 + 2];
      uvs[copy * 2] = u[i] + 1; uvs[copy * 2 + 1] = v[i]; sourceVertex[copy] = i;
    }
  }
  const outIndices = Uint32Array.from(indices);
  for (let t = 0; t < indices.length; t += 3) {
    if (!straddles(t)) continue;
    for (let k = 0; k < 3; k++) {
      const vertex = indices[t + k];
      if (u[vertex] < 0.5) outIndices[t + k] = duplicateOf[vertex];
    }
  }
  return { positionsM: outPositions, indices: outIndices, uvs, sourceVertex };
}
