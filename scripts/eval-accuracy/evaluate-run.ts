// One evaluation run: a MakeHuman body through one capture variant, the capture reader and
// measureBody; then every reported girth is compared (a) with the exact cut of the body mesh on
// the measurer's own plane ("site-agnostic error": perimeter error only) and (b) with the
// evaluation's own truth site ("site-definition difference", information only).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BodyMeasurementResult } from '../../src/domain/body-scan-result.ts';
import { CIRCUMFERENCE_FIELDS, type CircumferenceField } from '../../src/domain/measurements.ts';
import { applyRigidTransform, registerByCorrespondence, registerRigid, rotateVector, tiltRad, type RigidRegistration } from '../../src/processing/evaluation/rigid-registration.ts';
import type { BodyMesh, Vec3 } from './body-mesh.ts';
import { fieldSide } from './body-axes.ts';
import { girthOnPlane } from './truth-on-plane.ts';
import type { TruthSite } from './truth-sites.ts';
import { throughCaptureReader } from './capture-path.ts';
import type { MeasureBody } from './pipeline-hooks.ts';
import type { Variant } from './variants.ts';

export interface BodyTruth {
  name: string;
  mesh: BodyMesh;
  sites: Map<CircumferenceField, TruthSite>;
  volumeM3: number;
  statureM: number;
  /** Dense noise-free surface sample of the mesh (m), the reference the measurer's canonical frame is registered to. */
  registrationPointsM: Float64Array;
}

export interface FieldRecord {
  field: CircumferenceField;
  measuredMm: number;
  /** Exact cut of the mesh on the measurer's plane (mapped into the truth frame); null when the measurer gave no site. */
  truthOnPlaneMm: number | null;
  siteAgnosticErrorMm: number | null;
  truthSiteMm: number;
  siteDefinitionDiffMm: number;
  /** The measurer's plane centre and normal mapped into the truth frame (m), null without a site. */
  planeCenterM: Vec3 | null;
  planeNormal: Vec3 | null;
  /** Centre of the evaluation's own site (truth frame, m). */
  truthSiteCenterM: Vec3;
  /** The measurer's plane crossed the other side's limb (left/right naming differs from ours). */
  sideMismatch: boolean;
  /**
   * The measurer's plane does not cut the field's body part where its axis crosses the plane (the
   * axis crossing lies outside every loop by more than AXIS_MISS_TOLERANCE_M, or a limb plane meets
   * the axis line more than a quarter of the limb beyond either joint): no truth on that plane.
   */
  planeMissesPart: boolean;
  /**
   * The exact cut is not a reference on this plane: moved TRUTH_PROBE_M along the normal either
   * way it jumps (second difference over TRUTH_JUMP_MM), as where an arm's skin joins the torso's
   * and the cut's arm-skin loop takes in a fold or not. No site-agnostic error then (counted apart).
   */
  truthAmbiguous?: boolean;
}

/** How far outside every loop the body-part axis may cross the measurer's plane before it counts as a miss (m). */
export const AXIS_MISS_TOLERANCE_M = 0.002;
/** Plane offset of the truth-stability probe (m) and the jump that makes the truth ambiguous (mm). */
export const TRUTH_PROBE_M = 0.002;
export const TRUTH_JUMP_MM = 5;

/**
 * |T(+d) + T(−d) − 2·T(0)| of the exact cut along the plane normal (mm): under 1 mm on a smooth
 * limb or torso (curvature of the girth profile over 4 mm), tens of mm where the cut's loop changes.
 */
function truthJumpMm(mesh: BodyMesh, field: CircumferenceField, center: Vec3, normal: Vec3, atCenterM: number): number {
  const at = (d: number): number | null => girthOnPlane(mesh, field, [center[0] + d * normal[0], center[1] + d * normal[1], center[2] + d * normal[2]], normal)?.perimeterM ?? null;
  const up = at(TRUTH_PROBE_M), down = at(-TRUTH_PROBE_M);
  return up === null || down === null ? Infinity : mm(Math.abs(up + down - 2 * atCenterM));
}

export interface RunRecord {
  /** The evaluation set (eval-sets.ts) the run belongs to. */
  set: string;
  body: string;
  variant: string;
  note: string;
  capturePath: string;
  measureMs: number;
  registration: { yawDeg: number; tiltDeg: number; translationMm: [number, number, number]; rmsMm: number; inlierFraction: number } | null;
  volumeErrorPct: number | null;
  statureErrorMm: number | null;
  fields: FieldRecord[];
  failure: string | null;
  /**
   * Why the run has no result: the ProcessingFailure code when measureBody refused the capture
   * (e.g. limbs_touching_torso), 'error' for any other exception; null when it measured.
   */
  failureCode: string | null;
  /**
   * Holes completed from the fitted model (measureBody's diagnostics): the share of the model's
   * surface filled into the capture and the girths whose tape ran over filled contour; null
   * without a fit.
   */
  holeFill?: { areaShare: number; sitesCompleted: number } | null;
  /** measureBody's landmarks in its canonical frame (mm): where left and right sites landed. */
  landmarksMm?: Record<string, [number, number, number]>;
}

const mm = (m: number): number => m * 1000;

function compareFields(truth: BodyTruth, result: BodyMeasurementResult, registration: RigidRegistration): FieldRecord[] {
  const siteOf = new Map(result.sites.map((site) => [site.field, site]));
  return CIRCUMFERENCE_FIELDS.map((field) => {
    const measuredM = result.measurements[field];
    const truthSite = truth.sites.get(field)!;
    const site = siteOf.get(field);
    let truthOnPlaneM: number | null = null;
    let sideMismatch = false;
    let planeMissesPart = false;
    let truthAmbiguous = false;
    let center: Vec3 | null = null, normal: Vec3 | null = null;
    if (site) {
      center = applyRigidTransform(registration, site.centerM) as Vec3;
      normal = rotateVector(registration.rotation, site.normal) as Vec3;
      const girth = girthOnPlane(truth.mesh, field, center, normal);
      planeMissesPart = girth === null || girth.axisOffsetM > AXIS_MISS_TOLERANCE_M;
      truthOnPlaneM = girth && !planeMissesPart ? girth.perimeterM : null;
      if (truthOnPlaneM !== null && truthJumpMm(truth.mesh, field, center, normal, truthOnPlaneM) > TRUTH_JUMP_MM) truthAmbiguous = true;
      sideMismatch = girth !== null && girth.side !== null && girth.side !== fieldSide(field);
    }
    return {
      field,
      measuredMm: mm(measuredM),
      truthOnPlaneMm: truthOnPlaneM === null ? null : mm(truthOnPlaneM),
      siteAgnosticErrorMm: truthOnPlaneM === null || truthAmbiguous ? null : mm(measuredM - truthOnPlaneM),
      truthSiteMm: mm(truthSite.perimeterM),
      siteDefinitionDiffMm: mm(measuredM - truthSite.perimeterM),
      planeCenterM: center,
      planeNormal: normal,
      truthSiteCenterM: truthSite.centerM,
      sideMismatch,
      planeMissesPart,
      truthAmbiguous,
    };
  });
}

export async function evaluateRun(
  truth: BodyTruth, variant: Variant, measureBody: MeasureBody,
  inspect?: (result: BodyMeasurementResult) => Promise<void>,
): Promise<RunRecord> {
  const base: RunRecord = {
    set: '', failureCode: null, body: truth.name, variant: variant.name, note: variant.note, capturePath: '', measureMs: 0,
    registration: null, volumeErrorPct: null, statureErrorMm: null, fields: [], failure: null, holeFill: null,
  };
  try {
    const { read, path, bytes } = await throughCaptureReader(variant.geometry);
    // EVAL_CAPTURE_DIR keeps each run's capture (PLY) for debugging a single run with `bodyscan measure`.
    const keepDir = process.env.EVAL_CAPTURE_DIR;
    if (keepDir) writeFileSync(join(keepDir, `${truth.name}-${variant.name}.ply`), bytes);
    base.capturePath = path;
    const started = performance.now();
    // No user context: unit and axis detection are part of what is evaluated.
    const result = await measureBody(read.geometry, { ...read.hints, ...variant.hints }, {});
    base.measureMs = performance.now() - started;
    base.volumeErrorPct = (100 * (result.measurements.fullBodyVolume - truth.volumeM3)) / truth.volumeM3;
    base.statureErrorMm = mm(result.statureM - truth.statureM);
    const { holeFilledAreaShare: areaShare, sitesCompletedFromModel: sitesCompleted } = result.diagnostics;
    if (typeof areaShare === 'number' && typeof sitesCompleted === 'number') base.holeFill = { areaShare, sitesCompleted };
    let registration: RigidRegistration;
    try {
      // Mesh variants usually come back with the same vertices in the same order: closed form first.
      registration = registerByCorrespondence(result.canonical.positions, truth.mesh.positionsM)
        ?? registerRigid(result.canonical.positions, truth.registrationPointsM);
    } catch (error) {
      throw new Error(`result.canonical does not match the body (rigid registration failed: ${error instanceof Error ? error.message : String(error)})`);
    }
    base.registration = {
      yawDeg: (registration.yawRad * 180) / Math.PI,
      tiltDeg: (tiltRad(registration.rotation) * 180) / Math.PI,
      translationMm: registration.translationM.map(mm) as [number, number, number],
      rmsMm: mm(registration.rmsM),
      inlierFraction: registration.inlierFraction,
    };
    base.fields = compareFields(truth, result, registration);
    base.landmarksMm = Object.fromEntries(Object.entries(result.landmarks).map(([name, p]) => [name, [mm(p[0]), mm(p[1]), mm(p[2])]]));
    if (inspect) await inspect(result);
  } catch (error) {
    base.failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const code = (error as { code?: unknown } | null)?.code;
    base.failureCode = error instanceof Error && error.name === 'ProcessingFailure' && typeof code === 'string' ? code : 'error';
  }
  return base;
}
