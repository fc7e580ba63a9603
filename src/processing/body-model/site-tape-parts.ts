import type { CircumferenceField } from '../../domain/measurements.ts';
import { GIRTH_SITES } from '../measure/girth-sites.ts';
import { BODY_PARTS, type BodyPart } from './posable-model-types.ts';

/**
 * Which surface of the body model a measurement site's tape goes around, and which part carries the
 * site when the body moves. The model is cut at a site's plane through the triangles of `tapeParts`
 * only (a tape passed under hanging arms: the torso sites leave the arms and hands out), and the
 * site's plane rides on the nearest bone of `anchorPart` when the body is re-posed or re-shaped.
 * Both come from the one site table (measure/girth-sites.ts): its `parts`, and its `bone` (limb
 * sites), the head for the neck, the torso for the other torso sites.
 */
export interface SiteTapeParts {
  anchorPart: BodyPart;
  tapeParts: readonly BodyPart[];
}

export const SITE_TAPE_PARTS: Readonly<Record<CircumferenceField, SiteTapeParts>> = Object.fromEntries(GIRTH_SITES.map((site) => [
  site.field,
  { anchorPart: site.bone ?? (site.orientation === 'neck-axis' ? 'head' : 'torso'), tapeParts: site.parts },
])) as Record<CircumferenceField, SiteTapeParts>;

/** Index of a part in BODY_PARTS (the value stored in vertexPart / bonePart / pointPart). */
export function partIndex(part: BodyPart): number {
  return BODY_PARTS.indexOf(part);
}

/**
 * The triangles (3 vertex indices each) whose three vertices all belong to one of `parts`; a triangle
 * straddling two parts is kept when at least two of its vertices are in them, so a part's border
 * keeps its surface closed up to one ring of triangles.
 */
export function trianglesOfParts(triangles: Uint32Array, vertexPart: Uint8Array, parts: readonly BodyPart[]): Uint32Array {
  let mask = 0;
  for (const part of parts) mask |= 1 << partIndex(part);
  const keep = new Uint32Array(triangles.length);
  let n = 0;
  for (let t = 0; t < triangles.length; t += 3) {
    const a = triangles[t], b = triangles[t + 1], c = triangles[t + 2];
    const inside = ((mask >> vertexPart[a]) & 1) + ((mask >> vertexPart[b]) & 1) + ((mask >> vertexPart[c]) & 1);
    if (inside < 2) continue;
    keep[n++] = a; keep[n++] = b; keep[n++] = c;
  }
  return keep.slice(0, n);
}
