/**
 * Tessellates tubes into closed, consistently outward-oriented triangle shells and joins them
 * into one mesh (several non-overlapping closed shells: the divergence-theorem volume of the
 * whole mesh is then the sum of the shells' volumes).
 */
import type { Vec3 } from '../geometry/pca.ts';
import { meshVolume } from '../geometry/mesh-volume.ts';
import type { SectionAt, Tube } from './tube.ts';
import { ringPositions, surfacePoint, sectionAt } from './tube.ts';

export interface TriangleMesh {
  positions: Float32Array;
  indices: Uint32Array;
}

export interface TubeWindow {
  /** Axial window (m); whole tube when absent. Ends inside the window are capped (used for truth cuts). */
  tMin?: number;
  tMax?: number;
}

/**
 * Vertex and index arrays of one tube: `around` vertices per ring, rings every ~stepM along the
 * axis; dome ends become a single apex vertex, flat ends a centre vertex (both fan-triangulated).
 * Coordinates are kept in Float64 here; callers convert.
 */
export function tessellateTube(tube: Tube, around: number, stepM: number, window: TubeWindow = {}): {
  positions: number[];
  indices: number[];
} {
  const p = tube.profile;
  const t0 = p.t[0], t1 = p.t[p.t.length - 1];
  const tMin = window.tMin ?? t0, tMax = window.tMax ?? t1;
  const rings = ringPositions(p, stepM).filter((t) => t >= tMin && t <= tMax);
  const positions: number[] = [];
  const indices: number[] = [];
  const point: Vec3 = [0, 0, 0];
  const scratch: SectionAt = { a: 0, b: 0, off: 0 };
  for (const t of rings) {
    for (let j = 0; j < around; j++) {
      surfacePoint(tube, t, (2 * Math.PI * j) / around, point, scratch);
      positions.push(point[0], point[1], point[2]);
    }
  }
  const ringCount = rings.length;
  for (let i = 0; i + 1 < ringCount; i++) {
    for (let j = 0; j < around; j++) {
      const j2 = (j + 1) % around;
      const a = i * around + j, b = i * around + j2, c = (i + 1) * around + j, d = (i + 1) * around + j2;
      indices.push(a, c, d, a, d, b);
    }
  }
  if (tMin <= t0) {
    const start = capVertex(tube, t0, positions, scratch);
    for (let j = 0; j < around; j++) indices.push(start, j, (j + 1) % around);
  }
  if (tMax >= t1) {
    const end = capVertex(tube, t1, positions, scratch);
    const base = (ringCount - 1) * around;
    for (let j = 0; j < around; j++) indices.push(end, base + (j + 1) % around, base + j);
  }
  return { positions, indices };
}

/** Adds the closing vertex of an end: the section centre (flat) or the dome apex (a = b = 0). */
function capVertex(tube: Tube, t: number, positions: number[], scratch: SectionAt): number {
  const s = sectionAt(tube.profile, t, scratch);
  const x = tube.origin[0] + tube.axis[0] * t + s.off * tube.e2[0];
  const y = tube.origin[1] + tube.axis[1] * t + s.off * tube.e2[1];
  const z = tube.origin[2] + tube.axis[2] * t + s.off * tube.e2[2];
  positions.push(x, y, z);
  return positions.length / 3 - 1;
}

/** Closed mesh of several tubes; each shell is flipped if needed so its signed volume is positive. */
export function meshTubes(tubes: Tube[], around: (tube: Tube) => number, stepM: number): TriangleMesh {
  const positions: number[] = [];
  const indices: number[] = [];
  for (const tube of tubes) {
    const shell = tessellateTube(tube, around(tube), stepM);
    if (meshVolume(shell.positions, shell.indices).signedVolume < 0) {
      for (let k = 0; k < shell.indices.length; k += 3) {
        const tmp = shell.indices[k + 1];
        shell.indices[k + 1] = shell.indices[k + 2];
        shell.indices[k + 2] = tmp;
      }
    }
    const base = positions.length / 3;
    for (const v of shell.positions) positions.push(v);
    for (const i of shell.indices) indices.push(i + base);
  }
  return { positions: Float32Array.from(positions), indices: Uint32Array.from(indices) };
}
