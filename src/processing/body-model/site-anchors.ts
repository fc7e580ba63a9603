import type { CircumferenceField } from '../../domain/measurements.ts';
import type { SiteAnchor } from '../../domain/fitted-body-record.ts';
import type { PosableBodyModel } from './posable-model-types.ts';
import { partIndex, SITE_TAPE_PARTS } from './site-tape-parts.ts';

/** A measurement site's plane tied to a bone (the type is the stored record's: domain/fitted-body-record.ts). */
export type { SiteAnchor };

/** A site's plane in some frame: centre (m) and unit normal. */
export interface SitePlane {
  field: CircumferenceField;
  centreM: [number, number, number];
  normal: [number, number, number];
}

/**
 * Ties each measured site plane (in the posed body's frame, m) to the bone that carries it: among the
 * bones of the site's anchor part (site-tape-parts.ts; the torso's are the pelvis and spine, not the
 * clavicles, which shrug), the one whose posed segment passes nearest the plane's centre. The centre
 * and normal are taken back to the rest frame through that bone's inverse world transform.
 * headsM / tailsM: the shaped body's rest bone ends (3B, m); transforms: pose-body.ts boneWorldTransforms of the pose (3x4 row-major per bone).
 */
export function anchorSites(
  model: PosableBodyModel, sites: readonly (SitePlane & { measuredM: number })[], headsM: Float32Array, tailsM: Float32Array, transforms: Float64Array,
): SiteAnchor[] {
  const anchors: SiteAnchor[] = [];
  for (const site of sites) {
    const part = partIndex(SITE_TAPE_PARTS[site.field].anchorPart);
    let best = -1, bestDistance = Infinity;
    for (let b = 0; b < model.boneCount; b++) {
      if (model.bonePart[b] !== part || /^clavicle/i.test(model.boneNames[b])) continue;
      const head = applyAffine(transforms, b, headsM, b * 3), tail = applyAffine(transforms, b, tailsM, b * 3);
      const d = segmentDistance(site.centreM, head, tail);
      if (d < bestDistance) { bestDistance = d; best = b; }
    }
    if (best < 0) continue;
    const o = best * 12;
    // Inverse of a rigid map: R^T (y - t).
    const dx = site.centreM[0] - transforms[o + 3], dy = site.centreM[1] - transforms[o + 7], dz = site.centreM[2] - transforms[o + 11];
    const rest: [number, number, number] = [0, 0, 0], normal: [number, number, number] = [0, 0, 0];
    for (let i = 0; i < 3; i++) {
      rest[i] = transforms[o + i] * dx + transforms[o + 4 + i] * dy + transforms[o + 8 + i] * dz;
      normal[i] = transforms[o + i] * site.normal[0] + transforms[o + 4 + i] * site.normal[1] + transforms[o + 8 + i] * site.normal[2];
    }
    const h = [headsM[best * 3], headsM[best * 3 + 1], headsM[best * 3 + 2]];
    const axis = [tailsM[best * 3] - h[0], tailsM[best * 3 + 1] - h[1], tailsM[best * 3 + 2] - h[2]];
    const length2 = axis[0] ** 2 + axis[1] ** 2 + axis[2] ** 2;
    const alongBone = length2 > 0 ? ((rest[0] - h[0]) * axis[0] + (rest[1] - h[1]) * axis[1] + (rest[2] - h[2]) * axis[2]) / length2 : 0;
    const offsetM: [number, number, number] = [0, 0, 0];
    for (let i = 0; i < 3; i++) offsetM[i] = rest[i] - h[i] - alongBone * axis[i];
    const nl = Math.hypot(normal[0], normal[1], normal[2]) || 1;
    anchors.push({ field: site.field, bone: best, alongBone, offsetM, normal: [normal[0] / nl, normal[1] / nl, normal[2] / nl], measuredM: site.measuredM });
  }
  return anchors;
}

/** An anchored site's plane on a body at rest with the given bone ends (m); e.g. the canonical body. */
export function restSitePlane(anchor: SiteAnchor, headsM: Float32Array, tailsM: Float32Array): SitePlane {
  const b = anchor.bone * 3;
  const centreM: [number, number, number] = [0, 0, 0];
  for (let i = 0; i < 3; i++) centreM[i] = headsM[b + i] + anchor.alongBone * (tailsM[b + i] - headsM[b + i]) + anchor.offsetM[i];
  return { field: anchor.field, centreM, normal: [...anchor.normal] };
}

/** An anchored site's plane on a posed body: the rest plane through the bone's world transform. */
export function posedSitePlane(anchor: SiteAnchor, headsM: Float32Array, tailsM: Float32Array, transforms: Float64Array): SitePlane {
  const rest = restSitePlane(anchor, headsM, tailsM);
  const o = anchor.bone * 12;
  const centreM: [number, number, number] = [0, 0, 0], normal: [number, number, number] = [0, 0, 0];
  for (let i = 0; i < 3; i++) {
    const row = o + i * 4;
    centreM[i] = transforms[row] * rest.centreM[0] + transforms[row + 1] * rest.centreM[1] + transforms[row + 2] * rest.centreM[2] + transforms[row + 3];
    normal[i] = transforms[row] * rest.normal[0] + transforms[row + 1] * rest.normal[1] + transforms[row + 2] * rest.normal[2];
  }
  return { field: anchor.field, centreM, normal };
}

function applyAffine(transforms: Float64Array, bone: number, points: Float32Array, p: number): [number, number, number] {
  const o = bone * 12, x = points[p], y = points[p + 1], z = points[p + 2];
  return [
    transforms[o] * x + transforms[o + 1] * y + transforms[o + 2] * z + transforms[o + 3],
    transforms[o + 4] * x + transforms[o + 5] * y + transforms[o + 6] * z + transforms[o + 7],
    transforms[o + 8] * x + transforms[o + 9] * y + transforms[o + 10] * z + transforms[o + 11],
  ];
}

/** Distance (m) from a point to the segment a-b. */
function segmentDistance(p: readonly number[], a: readonly number[], b: readonly number[]): number {
  const ab = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const l2 = ab[0] ** 2 + ab[1] ** 2 + ab[2] ** 2;
  const t = l2 > 0 ? Math.min(1, Math.max(0, ((p[0] - a[0]) * ab[0] + (p[1] - a[1]) * ab[1] + (p[2] - a[2]) * ab[2]) / l2)) : 0;
  return Math.hypot(p[0] - a[0] - t * ab[0], p[1] - a[1] - t * ab[1], p[2] - a[2] - t * ab[2]);
}
