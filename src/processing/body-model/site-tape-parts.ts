import type { CircumferenceField } from '../../domain/measurements.ts';
import { BODY_PARTS, type BodyPart } from './posable-model-types.ts';

/**
 * Which surface of the body model a measurement site's tape goes around, and which part carries the
 * site when the body moves. The model is cut at a site's plane through the triangles of `tapeParts`
 * only (a tape passed under hanging arms: the torso sites leave the arms and hands out), and the
 * site's plane rides on the nearest bone of `anchorPart` when the body is re-posed or re-shaped.
 * Hips add the thighs (the buttocks' lower surface is skinned to the thigh bones); the shoulder tape
 * wraps the deltoids, so it adds the upper arms; the wrist adds the hand (the wrist crease is
 * skinned partly to the hand).
 */
export interface SiteTapeParts {
  anchorPart: BodyPart;
  tapeParts: readonly BodyPart[];
}

const torso: SiteTapeParts = { anchorPart: 'torso', tapeParts: ['torso'] };
const limb = (part: BodyPart, ...more: BodyPart[]): SiteTapeParts => ({ anchorPart: part, tapeParts: [part, ...more] });

export const SITE_TAPE_PARTS: Readonly<Record<CircumferenceField, SiteTapeParts>> = {
  neckFit: limb('head'),
  shoulderFit: { anchorPart: 'torso', tapeParts: ['torso', 'upperArmLeft', 'upperArmRight'] },
  upperChestFit: torso, chestFit: torso, lowerChestFit: torso,
  waistFit: torso, waistNavyFit: torso, stomachFit: torso,
  hipsFit: { anchorPart: 'torso', tapeParts: ['torso', 'thighLeft', 'thighRight'] },
  upperThighLeftFit: limb('thighLeft'), upperThighRightFit: limb('thighRight'),
  thighLeftFit: limb('thighLeft'), thighRightFit: limb('thighRight'),
  lowerThighLeftFit: limb('thighLeft'), lowerThighRightFit: limb('thighRight'),
  calfLeftFit: limb('shinLeft'), calfRightFit: limb('shinRight'),
  ankleLeftFit: limb('shinLeft'), ankleRightFit: limb('shinRight'),
  midArmLeftFit: limb('upperArmLeft'), midArmRightFit: limb('upperArmRight'),
  lowerArmLeftFit: limb('forearmLeft'), lowerArmRightFit: limb('forearmRight'),
  forearmLeftFit: limb('forearmLeft'), forearmRightFit: limb('forearmRight'),
  wristLeftFit: limb('forearmLeft', 'handLeft'), wristRightFit: limb('forearmRight', 'handRight'),
};

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
