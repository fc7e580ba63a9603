/**
 * Arm girths read on the fitted body model, for captures whose arms moved while they were taken
 * (CaptureHints.armsMoved: a phone recording of a person turning in place). Such a capture's arm is
 * a blur of the arm's positions over the recording, not one arm: on the MakeHuman evaluation bodies'
 * simulated turns (±3° of abduction at the shoulders, so a wrist moves ±3 cm) the fused arms read
 * the lower arm, forearm and wrist up to 13 mm large on average and repeated within 4–13 mm between
 * two turns of one body. The fitted model's arm is one arm, posed where the blur's centre lies, its thickness set
 * by the whole body's shape. The cut is the same tape as on a capture (girth-cut.ts on the model's
 * mesh, the site's planes and parts), so only the surface differs; the forearm's widest and the
 * wrist's narrowest section are searched on the model's own arm (modelArmExtremumCut), not at the
 * blurred arm's. docs/measurements.md, "Arms that moved during the capture".
 */
import type { CircumferenceField } from '../../domain/measurements.ts';
import type { Vec3 } from '../geometry/pca.ts';
import { FOREARM_SEARCH_RANGE, WRIST_SEARCH_RANGE } from './arm-from-bones.ts';
import { girthSite } from './girth-sites.ts';
import { bestOfNearbyCuts } from './extremum-cut.ts';
import type { Bone, FitSegmentation } from './fit-segmentation.ts';
import type { CutContext, CutRequest } from './girth-cut.ts';
import { measureGirth } from './girth-cut.ts';
import { asModelTape } from './model-cut-context.ts';
import type { ArmLandmarks } from './limb-axes.ts';

/** The girths on the arms (upper arm, forearm, wrist; both sides). */
export const ARM_GIRTH_FIELDS: ReadonlySet<CircumferenceField> = new Set<CircumferenceField>([
  'midArmLeftFit', 'midArmRightFit', 'lowerArmLeftFit', 'lowerArmRightFit',
  'forearmLeftFit', 'forearmRightFit', 'wristLeftFit', 'wristRightFit',
]);

/** Spacing (m) of the cuts along the forearm in which the model's extremum is searched. */
const SEARCH_STEP_M = 0.005;

/**
 * The forearm's widest or the wrist's narrowest girth on the model's arm (ctx: model-cut-context.ts modelCutContext):
 * cuts perpendicular to the forearm line every SEARCH_STEP_M over the site's range (arm-from-bones.ts:
 * the forearm 10–60 %, the wrist 75–100 % of the way from the elbow to the fitted wrist joint),
 * the extreme one refined by bestOfNearbyCuts' parabola. Why not at the capture's landmark: that is
 * the blurred arm's extremum, and where the blur's profile is flat it moved 50 mm between two turns
 * of one thin body, to where the model's forearm is 30 mm thinner. arm: the arm's landmarks
 * (elbow point and forearm direction); fore: the fitted forearm bone (tail: the wrist joint).
 * Canonical frame, m. Null when no cut of the range meets the arm.
 */
export function modelArmExtremumCut(ctx: CutContext, req: CutRequest, arm: ArmLandmarks, fore: Bone, sign: 1 | -1): ReturnType<typeof measureGirth> {
  const range = sign > 0 ? FOREARM_SEARCH_RANGE : WRIST_SEARCH_RANGE;
  const { elbowPoint: e, forearmDir: d } = arm;
  const wristJointS = (fore.tail[0] - e[0]) * d[0] + (fore.tail[1] - e[1]) * d[1] + (fore.tail[2] - e[2]) * d[2];
  const pointAt = (s: number): Vec3 => [e[0] + s * d[0], e[1] + s * d[1], e[2] + s * d[2]];
  let bestS = NaN, bestValue = -Infinity;
  for (let s = range[0] * wristJointS; s <= range[1] * wristJointS; s += SEARCH_STEP_M) {
    const cut = measureGirth(ctx, { ...req, point: pointAt(s), normal: d });
    if (cut && sign * cut.site.perimeterM > bestValue) { bestValue = sign * cut.site.perimeterM; bestS = s; }
  }
  return Number.isNaN(bestS) ? null : bestOfNearbyCuts(ctx, { ...req, point: pointAt(bestS), normal: d }, sign);
}

/**
 * One arm girth on the model's arm (ctx: model-cut-context.ts modelCutContext): the plain sites cut at the request's
 * plane, the extremum sites searched along the fitted forearm (modelArmExtremumCut). None of the
 * tape runs over the capture, so its quality says all of it is the model's (observedFraction 0,
 * filledFraction 1). arms: both arms' landmarks; bones: the fit's bones. Null when no cut meets the arm.
 */
export function armGirthOnModel(
  ctx: CutContext, req: CutRequest, arms: { left: ArmLandmarks; right: ArmLandmarks }, bones: FitSegmentation['bones'],
): ReturnType<typeof measureGirth> {
  const extremum = girthSite(req.field).extremum;
  const left = /Left/.test(req.field);
  const fore = left ? bones.forearmLeft : bones.forearmRight;
  const cut = extremum && fore
    ? modelArmExtremumCut(ctx, req, left ? arms.left : arms.right, fore, extremum === 'max' ? 1 : -1)
    : measureGirth(ctx, req);
  return asModelTape(cut);
}
