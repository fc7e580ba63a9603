/**
 * Where each measurement site sits on the body model when no capture says so: a plane per girth tied
 * to a bone (site-anchors.ts), from proportions of the model's own skeleton. Torso sites are
 * horizontal planes at a fraction of stature on the spine; the neck is cut across the neck bone;
 * limb sites across their bone at a fraction of its length. Used to measure bodies made from the
 * model itself (tests, example pictures); a scan's own sites come from its measuring.
 * Frame: the model's rest frame (m, Y up, facing +Z, left = +X).
 */
import { CIRCUMFERENCE_FIELDS, type CircumferenceField } from '../../domain/measurements.ts';
import { canonicalBody } from './canonical-body.ts';
import type { PosableBodyModel } from './posable-model-types.ts';
import type { SiteAnchor } from './site-anchors.ts';

type Rule = { torsoStatureFraction: number } | { bone: string; alongBone: number };

/** Torso heights as fractions of stature (adult averages); limb sites along their bone (0 head, 1 tail). */
const RULES: Record<CircumferenceField, Rule> = {
  neckFit: { bone: 'neck', alongBone: 0.45 },
  shoulderFit: { torsoStatureFraction: 0.79 },
  upperChestFit: { torsoStatureFraction: 0.745 },
  chestFit: { torsoStatureFraction: 0.72 },
  lowerChestFit: { torsoStatureFraction: 0.685 },
  waistFit: { torsoStatureFraction: 0.625 },
  waistNavyFit: { torsoStatureFraction: 0.6 },
  stomachFit: { torsoStatureFraction: 0.58 },
  hipsFit: { torsoStatureFraction: 0.505 },
  upperThighLeftFit: { bone: 'thighLeft', alongBone: 0.3 }, upperThighRightFit: { bone: 'thighRight', alongBone: 0.3 },
  thighLeftFit: { bone: 'thighLeft', alongBone: 0.5 }, thighRightFit: { bone: 'thighRight', alongBone: 0.5 },
  lowerThighLeftFit: { bone: 'thighLeft', alongBone: 0.8 }, lowerThighRightFit: { bone: 'thighRight', alongBone: 0.8 },
  calfLeftFit: { bone: 'shinLeft', alongBone: 0.3 }, calfRightFit: { bone: 'shinRight', alongBone: 0.3 },
  ankleLeftFit: { bone: 'shinLeft', alongBone: 0.85 }, ankleRightFit: { bone: 'shinRight', alongBone: 0.85 },
  midArmLeftFit: { bone: 'upperArmLeft', alongBone: 0.5 }, midArmRightFit: { bone: 'upperArmRight', alongBone: 0.5 },
  lowerArmLeftFit: { bone: 'forearmLeft', alongBone: 0.15 }, lowerArmRightFit: { bone: 'forearmRight', alongBone: 0.15 },
  forearmLeftFit: { bone: 'forearmLeft', alongBone: 0.3 }, forearmRightFit: { bone: 'forearmRight', alongBone: 0.3 },
  wristLeftFit: { bone: 'forearmLeft', alongBone: 0.93 }, wristRightFit: { bone: 'forearmRight', alongBone: 0.93 },
};

const SPINE = ['spineLower', 'spineMiddle', 'spineUpper'];

/** The default anchor of every site on the body of `shape` (its rest skeleton sets the levels). */
export function defaultSiteAnchors(model: PosableBodyModel, shape: ArrayLike<number> = new Float32Array(model.shapeCount)): SiteAnchor[] {
  const body = canonicalBody(model, shape);
  let statureM = 0;
  for (let i = 1; i < body.positionsM.length; i += 3) statureM = Math.max(statureM, body.positionsM[i]);
  const boneIndex = (name: string): number => {
    const index = model.boneNames.indexOf(name);
    if (index < 0) throw new Error(`body model has no bone ${name}`);
    return index;
  };
  const heads = body.boneHeadM, tails = body.boneTailM;
  return CIRCUMFERENCE_FIELDS.map((field): SiteAnchor => {
    const rule = RULES[field];
    if ('bone' in rule) {
      const b = boneIndex(rule.bone);
      const axis = [tails[3 * b] - heads[3 * b], tails[3 * b + 1] - heads[3 * b + 1], tails[3 * b + 2] - heads[3 * b + 2]];
      const length = Math.hypot(axis[0], axis[1], axis[2]);
      return { field, bone: b, alongBone: rule.alongBone, offsetM: [0, 0, 0], normal: [axis[0] / length, axis[1] / length, axis[2] / length], measuredM: 0 };
    }
    // The spine bone whose height span holds the level (the nearest one, extrapolated, below or above the spine).
    const heightM = rule.torsoStatureFraction * statureM;
    let b = boneIndex(SPINE[0]);
    for (const name of SPINE) if (heads[3 * boneIndex(name) + 1] <= heightM) b = boneIndex(name);
    const y0 = heads[3 * b + 1], y1 = tails[3 * b + 1];
    return { field, bone: b, alongBone: (heightM - y0) / (y1 - y0), offsetM: [0, 0, 0], normal: [0, 1, 0], measuredM: 0 };
  });
}
