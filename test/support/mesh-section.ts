// Torso sections of reconstructed meshes for the recording tests.
import { hullPerimeter } from '../../src/processing/geometry/convex-hull.ts';

/**
 * The tape round the mesh's section by the plane y = yM, keeping the section's points with
 * |x| < maxAbsXM (the torso, not the arms): the perimeter of their convex hull, as measuring reads a
 * girth (a tape bridges the section's small dents and ripples), m.
 */
export function sectionTapeM(positions: Float32Array, indices: Uint32Array, yM: number, maxAbsXM: number): number {
  const xz: number[] = [];
  for (let t = 0; t < indices.length; t += 3) {
    for (let e = 0; e < 3; e++) {
      const a = indices[t + e], b = indices[t + ((e + 1) % 3)];
      const ya = positions[3 * a + 1] - yM, yb = positions[3 * b + 1] - yM;
      if ((ya > 0) === (yb > 0)) continue;
      const s = ya / (ya - yb);
      const x = positions[3 * a] + s * (positions[3 * b] - positions[3 * a]);
      if (Math.abs(x) < maxAbsXM) xz.push(x, positions[3 * a + 2] + s * (positions[3 * b + 2] - positions[3 * a + 2]));
    }
  }
  return hullPerimeter(Float64Array.from(xz), xz.length / 2);
}
