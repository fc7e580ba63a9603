// Torso sections of reconstructed meshes for the recording tests.

/** Perimeter of the mesh's section by the plane y = yM, keeping segments with |x| < maxAbsXM (the torso, not the arms), m. */
export function sectionLengthM(positions: Float32Array, indices: Uint32Array, yM: number, maxAbsXM: number): number {
  let length = 0;
  for (let t = 0; t < indices.length; t += 3) {
    const ends: number[] = [];
    for (let e = 0; e < 3; e++) {
      const a = indices[t + e], b = indices[t + ((e + 1) % 3)];
      const ya = positions[3 * a + 1] - yM, yb = positions[3 * b + 1] - yM;
      if ((ya > 0) === (yb > 0)) continue;
      const s = ya / (ya - yb);
      ends.push(positions[3 * a] + s * (positions[3 * b] - positions[3 * a]), positions[3 * a + 2] + s * (positions[3 * b + 2] - positions[3 * a + 2]));
    }
    if (ends.length === 4 && Math.abs(ends[0]) < maxAbsXM && Math.abs(ends[2]) < maxAbsXM) length += Math.hypot(ends[2] - ends[0], ends[3] - ends[1]);
  }
  return length;
}
