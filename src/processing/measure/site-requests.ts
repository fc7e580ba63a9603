/**
 * One cut request per girth, driven by the site table (girth-sites.ts): the level from the
 * landmarks, the plane's orientation and the surface the tape goes around from the table.
 * - horizontal: plane y = level through the torso's centre there;
 * - neck-axis: plane through the neck site perpendicular to the neck axis;
 * - perpendicular-to-bone: legs: through the leg's centre at the level, perpendicular to the
 *   fitted thigh or shin bone (without a fit: to the leg's principal axis); arms: through the
 *   point on the fitted upper-arm or forearm line (without a fit: the arm's axes).
 * With a fit, a 'parts' site keeps only its parts' surface (partMask); without one, the loop
 * nearest the plane's point (and, for legs, only the leg's side of x = 0).
 * Canonical frame, metres.
 */
import type { CircumferenceField } from '../../domain/measurements.ts';
import type { Vec3 } from '../geometry/pca.ts';
import type { Bone } from './fit-segmentation.ts';
import { boneDirection } from './fit-segmentation.ts';
import type { Capsule } from './cut-filters.ts';
import type { CutRequest } from './girth-cut.ts';
import { GIRTH_SITES, partMask } from './girth-sites.ts';
import type { ArmLandmarks, LegLandmarks } from './limb-axes.ts';
import { armPointAt, axisPointAtY } from './limb-axes.ts';
import { LOWER_ARM_FRACTION, LOWER_THIGH_FRACTION, SHOULDER_DROP_FRACTION, UPPER_THIGH_FRACTION } from './site-rules.ts';
import type { Loop, SliceStack } from './slices.ts';
import { sliceOf } from './slices.ts';
import type { TorsoSites } from './torso-sites.ts';

/**
 * Upper-thigh and thigh cuts of a bridged capture leave out the cut points farther than this from
 * the fitted model's own thigh cut (girth-cut.ts modelTrimM): a phone recording's fused surface
 * closes the 2–4 cm gap below the crotch for up to 5 cm (the LiDAR's 4 x 4 smoothing: with the true
 * poses too), and the thigh's tape then runs across the gap. 2–3 times the fit's residual RMS
 * (2–4 mm); measured in docs/measurements.md, "Bridged thighs".
 */
export const BRIDGED_THIGH_TRIM_M = 0.008;

export interface SiteInputs {
  statureM: number;
  crotchY: number;
  acromionY: number;
  torso: TorsoSites;
  /** The neck's cut plane (neck-plane.ts): along the fitted neck bone, or from horizontal rings. */
  neckPlane: { point: Vec3; normal: Vec3 };
  arms: { left: ArmLandmarks; right: ArmLandmarks };
  legs: { left: LegLandmarks; right: LegLandmarks };
  /** The capture's CaptureHints.bridgedGapM (0: its surface keeps narrow gaps open). */
  bridgedGapM: number;
  /** Present when a model was fitted: leg bones, per-slice leg loops (part stack), part masks on. */
  fit: {
    stack: SliceStack;
    legLoop: { left: (Loop | null)[]; right: (Loop | null)[] };
    bones: { thighLeft: Bone; shinLeft: Bone; thighRight: Bone; shinRight: Bone };
    /** Capsules around the arms' bones, left out of cuts whose parts include no arm part. */
    armCapsules: readonly Capsule[];
  } | null;
}

/** Height of each level-defined site (m) or, for arms, the distance along the arm (m). */
function levelOf(field: CircumferenceField, input: SiteInputs): number {
  const { torso, crotchY, acromionY, legs, arms } = input;
  const side = /Left/.test(field) ? 'left' : 'right';
  const leg = legs[side], arm = arms[side];
  const span = crotchY - leg.kneeY;
  switch (field.replace(/(Left|Right)Fit$/, '').replace(/Fit$/, '')) {
    case 'neck': return torso.neckY;
    case 'shoulder': return acromionY - SHOULDER_DROP_FRACTION * input.statureM;
    case 'upperChest': return torso.upperChestY;
    case 'chest': return torso.chestY;
    case 'lowerChest': return torso.lowerChestY;
    case 'waist': return torso.waistY;
    case 'waistNavy': return torso.navelY;
    case 'stomach': return torso.stomachY;
    case 'hips': return torso.hipsY;
    case 'upperThigh': return crotchY - UPPER_THIGH_FRACTION * span;
    case 'thigh': return 0.5 * (crotchY + leg.kneeY);
    case 'lowerThigh': return leg.kneeY + LOWER_THIGH_FRACTION * span;
    case 'calf': return leg.calfY;
    case 'ankle': return leg.ankleY;
    case 'midArm': return 0.5 * arm.elbowS;
    case 'lowerArm': return arm.elbowS + LOWER_ARM_FRACTION * (arm.wristS - arm.elbowS);
    case 'forearm': return arm.forearmS;
    case 'wrist': return arm.wristS;
    default: throw new Error(`No level rule for ${field}`);
  }
}

export function siteRequests(input: SiteInputs): CutRequest[] {
  const H = input.statureM;
  const requests: CutRequest[] = [];
  for (const site of GIRTH_SITES) {
    const level = levelOf(site.field, input);
    const mask = input.fit ? partMask(site.parts) : undefined;
    const side = /Left/.test(site.field) ? 'left' : 'right';
    if (site.orientation === 'horizontal') {
      const [cx, cz] = input.torso.centreAt(level);
      const all = site.surface === 'all';
      const armless = !site.parts.some((part) => /Arm|forearm|hand/.test(part));
      const exclude = input.fit && armless ? input.fit.armCapsules : undefined;
      requests.push({ field: site.field, point: [cx, level, cz], normal: [0, 1, 0], select: all ? 'all' : 'nearest', maxRadiusM: all ? 0.6 * H : 0.35 * H, partMask: mask, exclude });
    } else if (site.orientation === 'neck-axis') {
      requests.push({ field: site.field, point: input.neckPlane.point, normal: input.neckPlane.normal, select: 'nearest', maxRadiusM: 0.15, partMask: mask });
    } else if (site.bone && /^(thigh|shin)/.test(site.bone)) {
      const leg = input.legs[side];
      let point = axisPointAtY(leg, level), normal = leg.dir;
      if (input.fit) {
        normal = boneDirection(input.fit.bones[site.bone as keyof NonNullable<SiteInputs['fit']>['bones']]);
        const loop = input.fit.legLoop[side][sliceOf(input.fit.stack, level)];
        if (loop) point = [loop.cx, level, loop.cz];
      }
      const trim = input.fit && input.bridgedGapM > 0 && /^(upperThigh|thigh)/.test(site.field) ? BRIDGED_THIGH_TRIM_M : undefined;
      requests.push({ field: site.field, point, normal, select: 'nearest', maxRadiusM: 0.2, sideOfX: input.fit ? undefined : side === 'left' ? 1 : -1, partMask: mask, modelTrimM: trim });
    } else {
      const at = armPointAt(input.arms[side], level);
      requests.push({ field: site.field, point: at.point, normal: at.normal, select: 'nearest', maxRadiusM: 0.12, partMask: mask });
    }
  }
  return requests;
}
