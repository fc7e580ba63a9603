// One evaluation run: a MakeHuman body through one capture variant, the capture reader and
// measureBody; then every reported girth is compared (a) with the exact cut of the body mesh on
// the measurer's own plane ("site-agnostic error": perimeter error only) and (b) with the
// evaluation's own truth site ("site-definition difference", information only).
import type { BodyMeasurementResult } from '../../src/domain/body-scan-result.ts';
import { CIRCUMFERENCE_FIELDS, type CircumferenceField } from '../../src/domain/measurements.ts';
import { applyYawTransform, registerYaw, rotateYaw, type YawRegistration } from '../../src/processing/evaluation/yaw-registration.ts';
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
  /** The measurer's plane crossed the other side's limb (left/right naming differs from ours). */
  sideMismatch: boolean;
}

export interface RunRecord {
  body: string;
  variant: string;
  note: string;
  capturePath: string;
  measureMs: number;
  registration: { yawDeg: number; translationMm: [number, number, number]; rmsMm: number; inlierFraction: number } | null;
  volumeErrorPct: number | null;
  statureErrorMm: number | null;
  fields: FieldRecord[];
  failure: string | null;
}

const mm = (m: number): number => m * 1000;

function compareFields(truth: BodyTruth, result: BodyMeasurementResult, registration: YawRegistration): FieldRecord[] {
  const siteOf = new Map(result.sites.map((site) => [site.field, site]));
  return CIRCUMFERENCE_FIELDS.map((field) => {
    const measuredM = result.measurements[field];
    const truthSite = truth.sites.get(field)!;
    const site = siteOf.get(field);
    let truthOnPlaneM: number | null = null;
    let sideMismatch = false;
    if (site) {
      const center = applyYawTransform(registration, site.centerM) as Vec3;
      const normal = rotateYaw(registration.yawRad, site.normal) as Vec3;
      const girth = girthOnPlane(truth.mesh, field, center, normal);
      truthOnPlaneM = girth ? girth.perimeterM : null;
      sideMismatch = girth !== null && girth.side !== null && girth.side !== fieldSide(field);
    }
    return {
      field,
      measuredMm: mm(measuredM),
      truthOnPlaneMm: truthOnPlaneM === null ? null : mm(truthOnPlaneM),
      siteAgnosticErrorMm: truthOnPlaneM === null ? null : mm(measuredM - truthOnPlaneM),
      truthSiteMm: mm(truthSite.perimeterM),
      siteDefinitionDiffMm: mm(measuredM - truthSite.perimeterM),
      sideMismatch,
    };
  });
}

export async function evaluateRun(
  truth: BodyTruth, variant: Variant, measureBody: MeasureBody,
  inspect?: (result: BodyMeasurementResult) => Promise<void>,
): Promise<RunRecord> {
  const base: RunRecord = {
    body: truth.name, variant: variant.name, note: variant.note, capturePath: '', measureMs: 0,
    registration: null, volumeErrorPct: null, statureErrorMm: null, fields: [], failure: null,
  };
  try {
    const { read, path } = await throughCaptureReader(variant.geometry);
    base.capturePath = path;
    const started = performance.now();
    // No user context: unit and axis detection are part of what is evaluated.
    const result = await measureBody(read.geometry, read.hints, {});
    base.measureMs = performance.now() - started;
    base.volumeErrorPct = (100 * (result.measurements.fullBodyVolume - truth.volumeM3)) / truth.volumeM3;
    base.statureErrorMm = mm(result.statureM - truth.statureM);
    const registration = registerYaw(result.canonical.positions, truth.registrationPointsM);
    base.registration = {
      yawDeg: (registration.yawRad * 180) / Math.PI,
      translationMm: registration.translationM.map(mm) as [number, number, number],
      rmsMm: mm(registration.rmsM),
      inlierFraction: registration.inlierFraction,
    };
    base.fields = compareFields(truth, result, registration);
    if (inspect) await inspect(result);
  } catch (error) {
    base.failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  }
  return base;
}
