/**
 * The neck's cut plane (docs/measurements.md): with the fitted model, perpendicular to the fitted
 * neck bone at the narrowest section along it; without, perpendicular to the axis through the
 * centres of two horizontal neck rings. Canonical frame, metres.
 */
import type { Vec3 } from '../geometry/pca.ts';
import type { Bone } from './fit-segmentation.ts';
import { boneDirection } from './fit-segmentation.ts';
import type { CutContext } from './girth-cut.ts';
import { measureGirth } from './girth-cut.ts';

/** Area centroid (x, z) of a horizontal hull ring (m). */
function ringCentroidXZ(ring: Float32Array): [number, number] {
  let area = 0, cx = 0, cz = 0;
  const n = ring.length / 3;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const cross = ring[3 * i] * ring[3 * j + 2] - ring[3 * j] * ring[3 * i + 2];
    area += cross; cx += (ring[3 * i] + ring[3 * j]) * cross; cz += (ring[3 * i + 2] + ring[3 * j + 2]) * cross;
  }
  return Math.abs(area) > 1e-12 ? [cx / (3 * area), cz / (3 * area)] : [ring[0], ring[2]];
}

/**
 * The neck plane without a fit: through the torso profile's centre at the neck site, normal to
 * the line through the centres of the fitted neck rings 2.5 cm below and at the site, its lean
 * from vertical clamped to 25°. Ring centres use every point of the loop through the smooth fit,
 * so the axis is stable to a fraction of a degree (raw slice centroids wobble by millimetres with
 * uneven sampling).
 */
export function neckPlaneFromRings(ctx: CutContext, centreAt: (y: number) => [number, number], neckY: number): { point: Vec3; normal: Vec3 } {
  const centre = (y: number): [number, number] => {
    const [x, z] = centreAt(y);
    const cut = measureGirth(ctx, { field: 'neckFit', point: [x, y, z], normal: [0, 1, 0], select: 'nearest', maxRadiusM: 0.15 });
    return cut ? ringCentroidXZ(cut.site.ringM) : [x, z];
  };
  // Below and at the site only: above it, short necks meet the jaw, whose loop centre jumps forward.
  const below = centre(neckY - 0.025), at = centre(neckY);
  let dx = at[0] - below[0], dz = at[1] - below[1];
  // A neck leans forward ~10–20°; more than 25° is a misread (chin or trapezius in a ring): clamp.
  const lean = Math.hypot(dx, dz) / 0.025, maxLean = Math.tan((25 * Math.PI) / 180);
  if (lean > maxLean) { dx *= maxLean / lean; dz *= maxLean / lean; }
  const len = Math.hypot(dx, 0.025, dz);
  const [cx, cz] = centreAt(neckY);
  return { point: [cx, neckY, cz], normal: [dx / len, 0.025 / len, dz / len] };
}

/** Share of the fitted neck bone (base to skull) searched for the narrowest neck section. */
const NECK_SEARCH_END = 0.6;

/**
 * The neck plane with a fit: perpendicular to the fitted neck bone, through the bone at the point
 * of its first 60% (base of the neck towards the skull) where the cut's girth is smallest, sampled
 * every 5% of the bone (about 5 mm); bestOfNearbyCuts refines it. Frame: canonical, m.
 */
export function narrowestNeckPlane(ctx: CutContext, bone: Bone, mask: number): { point: Vec3; normal: Vec3 } {
  const normal = boneDirection(bone);
  const pointAt = (t: number): Vec3 => [
    bone.head[0] + t * (bone.tail[0] - bone.head[0]), bone.head[1] + t * (bone.tail[1] - bone.head[1]), bone.head[2] + t * (bone.tail[2] - bone.head[2]),
  ];
  let best = { point: pointAt(0.3), normal }, bestM = Infinity;
  for (let t = 0; t <= NECK_SEARCH_END + 1e-9; t += 0.05) {
    const point = pointAt(t);
    const cut = measureGirth(ctx, { field: 'neckFit', point, normal, select: 'nearest', maxRadiusM: 0.15, partMask: mask });
    if (cut && cut.site.perimeterM > 0 && cut.site.perimeterM < bestM) { bestM = cut.site.perimeterM; best = { point, normal }; }
  }
  return best;
}

