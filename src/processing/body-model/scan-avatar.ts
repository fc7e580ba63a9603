/**
 * A scan's avatar: the body model fitted to the capture (a ModelFit, in the canonical measuring
 * frame: m, Y up, facing +Z, feet at y = 0) turned into what the scan keeps (a FittedBodyRecord:
 * parameters and the measured sites tied to the model's bones), and a body shape prediction's
 * avatar: that body re-shaped to the predicted girths and volume (shape-to-girths.ts).
 */
import type { BodyMeasurementResult } from '../../domain/body-scan-result.ts';
import type { CircumferenceField, Measurements } from '../../domain/measurements.ts';
import { canonicalBody, canonicalSitePlanes } from './canonical-body.ts';
import { fittedBodyRecord, type FittedBodyRecord } from './fitted-body-record.ts';
import { allocatePosedBody } from './load-posable-model.ts';
import type { ModelFit, PosableBodyModel } from './posable-model-types.ts';
import { boneWorldTransforms } from './pose-body.ts';
import { shapeBody } from './shape-body.ts';
import { anchorSites } from './site-anchors.ts';
import { siteGirthsM, siteTape } from './site-girths.ts';
import { enclosedVolumeM3, reshapeToGirths, type ReshapedBody } from './shape-to-girths.ts';

export interface ScanAvatar {
  record: FittedBodyRecord;
  /** Model tape at each measured site's plane minus the measured girth (mm, 0.1 mm steps); absent where the plane misses the model's part. */
  fitErrorMmBySite: Partial<Record<CircumferenceField, number>>;
}

/** The record and per-site fit errors of a fit to a measured scan (both in the canonical frame). */
export function scanAvatar(model: PosableBodyModel, fit: ModelFit, result: BodyMeasurementResult): ScanAvatar {
  const rest = allocatePosedBody(model);
  shapeBody(model, fit.params.shape, rest);
  const transforms = new Float64Array(12 * model.boneCount);
  boneWorldTransforms(model, fit.params, rest.boneHeadM, transforms);
  const sites = result.sites.map((site) => ({ field: site.field, centreM: site.centerM, normal: site.normal, measuredM: site.perimeterM }));
  const anchors = anchorSites(model, sites, rest.boneHeadM, rest.boneTailM, transforms);
  const fitErrorMmBySite: Partial<Record<CircumferenceField, number>> = {};
  for (const site of sites) {
    const tape = siteTape(model, fit.posed.positionsM, site);
    if (!tape) continue; // the measured plane misses the model's part: no error to state (JSON has no NaN)
    const errorMm = Math.round((tape.perimeterM - site.measuredM) * 1e4) / 10;
    fitErrorMmBySite[site.field] = errorMm === 0 ? 0 : errorMm; // no -0
  }
  const record = fittedBodyRecord(model, fit.params, anchors, {
    statureM: result.statureM, measuredVolumeM3: result.measurements.fullBodyVolume ?? 0,
    residualRmsMm: fit.residualRmsMm, coverage: fit.coverage,
  });
  return { record, fitErrorMmBySite };
}

export interface PredictedAvatar extends ReshapedBody {
  /** The girths (m) and volume (m^3) the re-shaped canonical body was asked for. */
  targetGirthsM: Partial<Record<CircumferenceField, number>>;
  targetVolumeM3: number;
}

/**
 * The prediction's avatar: the scan's canonical body re-shaped, keeping stature, so that each tape at
 * the scan's site planes changes by the predicted change of its girth (predicted minus measured, m)
 * and its volume by the predicted ratio (predicted fullBodyVolume / measured volume). Changes, not
 * absolute values, are carried over: the canonical body stands in the rest A-pose, not in the
 * capture's pose, and a tape's reading depends on the pose (the shoulder tape wraps the upper arms,
 * skinning moves the surface near the joints), and the model's volume differs from the capture's by
 * the fit. A prediction equal to the scan gives the canonical body back.
 */
export function predictedAvatar(model: PosableBodyModel, record: FittedBodyRecord, predicted: Measurements): PredictedAvatar {
  const start = canonicalBody(model, record.shape);
  const startVolumeM3 = enclosedVolumeM3(start.positionsM, start.triangles);
  const ratio = record.measuredVolumeM3 > 0 && predicted.fullBodyVolume > 0 ? predicted.fullBodyVolume / record.measuredVolumeM3 : 1;
  const startGirths = siteGirthsM(model, start.positionsM, canonicalSitePlanes(start, record.sites));
  const targetGirthsM: Partial<Record<CircumferenceField, number>> = {};
  for (const site of record.sites) {
    const now = startGirths.get(site.field)!;
    if (predicted[site.field] > 0 && site.measuredM > 0 && Number.isFinite(now)) targetGirthsM[site.field] = now + predicted[site.field] - site.measuredM;
  }
  const targetVolumeM3 = startVolumeM3 * ratio;
  const reshaped = reshapeToGirths(model, record.shape, record.sites, { girthsM: targetGirthsM, volumeM3: targetVolumeM3 });
  return { ...reshaped, targetGirthsM, targetVolumeM3 };
}
