// A stand-in BodyMeasurementResult made from the project's own body model: generate a body, cut it at
// every site's station plane like a tape would (convex hull of the cut), and report what a measuring
// stage would. Used by the body-model and asset tests until the measurement pipeline lands.
import type { BodyMeasurementResult, MeasurementSite } from '../../src/domain/body-scan-result.ts';
import { CIRCUMFERENCE_FIELDS, MEASUREMENT_FIELDS } from '../../src/domain/measurements.ts';
import type { Measurements } from '../../src/domain/measurements.ts';
import type { BodyModelParams } from '../../src/processing/body-model/body-params.ts';
import { cloneParams, REFERENCE_PARAMS, statureOf } from '../../src/processing/body-model/body-params.ts';
import { generateBody } from '../../src/processing/body-model/generate-body.ts';
import { planeGirth } from '../../src/processing/body-model/plane-section.ts';
import { siteFrame } from '../../src/processing/body-model/site-stations.ts';

export function syntheticMeasurement(params: BodyModelParams, colors: Uint8Array | null = null): BodyMeasurementResult {
  const mesh = generateBody(params);
  const sites: MeasurementSite[] = [];
  const measurements = Object.fromEntries(MEASUREMENT_FIELDS.map((f) => [f, 0])) as Measurements;
  for (const field of CIRCUMFERENCE_FIELDS) {
    const frame = siteFrame(params, field);
    const cut = planeGirth(mesh.positionsM, mesh.indices, frame.centerM, frame.axis);
    if (!cut) throw new Error(`synthetic body: plane of ${field} misses the body`);
    sites.push({ field, centerM: frame.centerM, normal: frame.axis, ringM: cut.ringM, perimeterM: cut.perimeterM });
    measurements[field] = cut.perimeterM;
  }
  return {
    measurements,
    canonical: { positions: mesh.positionsM, indices: mesh.indices, colors, normals: null },
    landmarks: {},
    sites,
    statureM: statureOf(params),
    diagnostics: { source: 'synthetic body model' },
  };
}

/** A body different from the reference: taller, heavier around the middle, asymmetric arms, other pose. */
export function variedParams(): BodyModelParams {
  const p = cloneParams(REFERENCE_PARAMS);
  p.lengths.legM = 0.88; p.lengths.torsoM = 0.66; p.lengths.neckM = 0.085; p.lengths.headM = 0.21;
  p.lengths.upperArmM = 0.32; p.lengths.forearmM = 0.27; p.lengths.shoulderHalfWidthM = 0.19; p.lengths.hipHalfWidthM = 0.09;
  p.girthsM.waistFit *= 1.15; p.girthsM.stomachFit *= 1.18; p.girthsM.waistNavyFit *= 1.16; p.girthsM.hipsFit *= 1.08;
  p.girthsM.chestFit *= 1.05; p.girthsM.thighLeftFit *= 1.1; p.girthsM.thighRightFit *= 1.08;
  p.girthsM.midArmRightFit *= 1.06; p.girthsM.calfLeftFit *= 0.95;
  p.depthRatios.waistFit = 0.85; p.depthRatios.stomachFit = 0.88;
  p.pose = { armAbductionDeg: 38, legAbductionDeg: 6 };
  p.rootOffsetM = { x: 0.02, z: -0.03 };
  return p;
}
