/**
 * Which points a girth cut keeps, beyond the plane's slab: body-part masks (bit i set: part i of
 * BODY_PARTS is kept) and capsules to leave out (the arms' bones, for torso cuts). Canonical frame,
 * metres.
 */
import type { Vec3 } from '../geometry/pca.ts';
import type { Plane } from '../geometry/plane-cut.ts';

export interface Capsule {
  a: Vec3;
  b: Vec3;
  radiusM: number;
}

/** Whether (x, y, z) lies within any capsule (m). */
export function inCapsule(capsules: readonly Capsule[], x: number, y: number, z: number): boolean {
  for (const c of capsules) {
    const dx = c.b[0] - c.a[0], dy = c.b[1] - c.a[1], dz = c.b[2] - c.a[2];
    const px = x - c.a[0], py = y - c.a[1], pz = z - c.a[2];
    const len2 = dx * dx + dy * dy + dz * dz;
    const t = len2 > 0 ? Math.max(0, Math.min(1, (px * dx + py * dy + pz * dz) / len2)) : 0;
    const ex = px - t * dx, ey = py - t * dy, ez = pz - t * dz;
    if (ex * ex + ey * ey + ez * ez < c.radiusM * c.radiusM) return true;
  }
  return false;
}

/** Whether part label `part` is in `mask` (NO_PART and labels ≥ 32 never are). */
export function inMask(mask: number, part: number): boolean {
  return part < 32 && ((mask >>> part) & 1) === 1;
}

/**
 * A mesh cut point on edge (a, b) belongs to the part of the edge's nearer vertex: both vertices'
 * parts when they agree, else the one the plane crosses closer to.
 */
export function cutPointInMask(positions: Float32Array, plane: Plane, parts: Uint8Array, mask: number, a: number, b: number): boolean {
  const inA = inMask(mask, parts[a]), inB = inMask(mask, parts[b]);
  if (inA === inB) return inA;
  const [px, py, pz] = plane.point, [nx, ny, nz] = plane.normal;
  const da = Math.abs((positions[3 * a] - px) * nx + (positions[3 * a + 1] - py) * ny + (positions[3 * a + 2] - pz) * nz);
  const db = Math.abs((positions[3 * b] - px) * nx + (positions[3 * b + 1] - py) * ny + (positions[3 * b + 2] - pz) * nz);
  return da <= db ? inA : inB;
}

