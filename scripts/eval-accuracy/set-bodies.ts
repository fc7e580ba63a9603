// Builds one set body: MakeHuman macro (+ local) targets, then optionally the arms-down pose
// (rig, linear blend skinning, on every base.obj vertex so joint cubes and hence the truth's axes
// move with the arms), then the truth (sites, volume, stature) and, for partial captures, the
// surface the scanner sees. Truth frame: metres, Y up, facing +Z, left = +x.
import type { MakeHumanBase, MorphTarget } from './load-makehuman.ts';
import { applyTargets, macroTargetWeights } from './macro-targets.ts';
import { extractBodyMesh, type BodyMesh } from './body-mesh.ts';
import { isArmBone, type MakeHumanRig } from './makehuman-rig.ts';
import { poseArmsDown, type ArmPoseReport } from './arms-down-pose.ts';
import { partialSurface, type PartialSurface } from './partial-capture.ts';
import type { BodyTruth } from './evaluate-run.ts';
import type { SetBody } from './eval-sets.ts';
import { bodyTruth } from './body-truth.ts';

/**
 * Whole-body density used for BMI (kg/L): Siri's two-compartment density (fat 0.900, fat-free
 * 1.100 g/cm3) at 30-45 % body fat is 1.010-1.034 g/cm3; a standing capture also encloses ~3 L of
 * lung gas per ~100 L, which brings the mass/volume ratio of an obese adult to about 0.99-1.00.
 */
export const BODY_DENSITY_KG_PER_L = 1.0;

export interface SetBodyContext {
  base: MakeHumanBase;
  readTarget: (path: string) => MorphTarget;
  rig: MakeHumanRig;
  seed: number;
}

export interface BuiltBody {
  truth: BodyTruth;
  /** BMI from volume x BODY_DENSITY_KG_PER_L / stature^2. */
  bmi: number;
  arms: ArmPoseReport[] | null;
  /** The captured surface of a partial capture (else the truth mesh is captured whole). */
  partial: PartialSurface | null;
}

/** Per compact vertex: 1 where the rig's dominant bone is an arm bone. */
function armLabels(mesh: BodyMesh, base: MakeHumanBase, rig: MakeHumanRig): Uint8Array {
  const labels = new Uint8Array(mesh.positionsM.length / 3);
  for (const g of base.bodyVertexGlobal) if (isArmBone(rig.bones[rig.dominantBone[g]].name)) labels[mesh.localOfGlobal[g]] = 1;
  return labels;
}

export function buildSetBody(context: SetBodyContext, spec: SetBody): BuiltBody {
  const { base, readTarget, rig } = context;
  const restDm = applyTargets(base, [...macroTargetWeights(spec.preset.settings), ...(spec.preset.extraTargets ?? [])], readTarget);
  let positionsDm = restDm, arms: ArmPoseReport[] | null = null;
  if (spec.armsDown) {
    const posed = poseArmsDown(base, rig, restDm, spec.armsDown);
    positionsDm = posed.positionsDm;
    arms = posed.arms;
  }
  const mesh = extractBodyMesh(base, positionsDm);
  mesh.armVertex = armLabels(mesh, base, rig);
  const truth = bodyTruth(spec.preset.name, mesh, context.seed);
  return {
    truth, arms,
    bmi: (truth.volumeM3 * 1000 * BODY_DENSITY_KG_PER_L) / (truth.statureM * truth.statureM),
    partial: spec.partial ? partialSurface(mesh, spec.partial) : null,
  };
}
