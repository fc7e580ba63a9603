import type { CircumferenceField } from '../../domain/measurements.ts';
import type { BodyModelParams } from './body-params.ts';
import { CANONICAL_POSE, cloneParams } from './body-params.ts';
import type { BodyMesh } from './generate-body.ts';
import { generateBody } from './generate-body.ts';
import { planeGirth } from './plane-section.ts';
import { matchShoulderGirth } from './shoulder-girth.ts';
import { siteFrame } from './site-stations.ts';

/** The same parameters in the canonical A-pose (CANONICAL_POSE) with the body's axis at x = z = 0. */
export function canonicalParams(params: BodyModelParams): BodyModelParams {
  const canonical = cloneParams(params);
  canonical.pose = { ...CANONICAL_POSE };
  canonical.rootOffsetM = { x: 0, z: 0 };
  return canonical;
}

/**
 * The body in the canonical A-pose: metres, Y up, facing +Z, feet at y = 0, axis at x = z = 0.
 * Same topology (BODY_TOPOLOGY) for every body, so two scans compare vertex by vertex.
 */
export function canonicalBody(params: BodyModelParams): BodyMesh {
  return canonicalFit(params).mesh;
}

/**
 * The canonical parameters and body: canonicalParams, with the shoulder ring re-solved so that the
 * shoulder tape keeps params.shoulderTapeM when given (the arms' new pose changes what the tape wraps).
 */
export function canonicalFit(params: BodyModelParams): { params: BodyModelParams; mesh: BodyMesh } {
  const canonical = canonicalParams(params);
  const mesh = generateBody(canonical);
  if (!(params.shoulderTapeM && params.shoulderTapeM > 0)) return { params: canonical, mesh };
  const frame = siteFrame(canonical, 'shoulderFit');
  return { params: canonical, mesh: matchShoulderGirth(canonical, params.shoulderTapeM, frame.centerM, frame.axis, mesh) };
}

/** Tape girths (m) of a body at its own site planes (the convex hull of each station's cut). */
export function modelTapeGirthsM(params: BodyModelParams, mesh: BodyMesh = generateBody(params)): Partial<Record<CircumferenceField, number>> {
  const girths: Partial<Record<CircumferenceField, number>> = {};
  for (const field of Object.keys(params.girthsM) as CircumferenceField[]) {
    const frame = siteFrame(params, field);
    const cut = planeGirth(mesh.positionsM, mesh.indices, frame.centerM, frame.axis);
    if (cut) girths[field] = cut.perimeterM;
  }
  return girths;
}

/**
 * The predicted body for a body shape prediction: the canonical body whose tape girths become the
 * predicted ones (m; fields not given keep their value). Lengths and cross-section shapes stay. The
 * predicted girths are reached by proportional correction at each site (three rounds; the shoulder,
 * whose tape also wraps the arms, by secant steps).
 */
export function deformToGirths(
  params: BodyModelParams, predictedGirthsM: Partial<Record<CircumferenceField, number>>,
): { params: BodyModelParams; mesh: BodyMesh } {
  const start = canonicalFit(params);
  const deformed = start.params;
  let mesh = start.mesh;
  for (let round = 0; round < 3; round++) {
    const current = modelTapeGirthsM(deformed, mesh);
    for (const [field, target] of Object.entries(predictedGirthsM) as [CircumferenceField, number][]) {
      const now = current[field];
      if (field === 'shoulderFit' || !(target > 0) || !(now && now > 0) || !(field in deformed.girthsM)) continue;
      deformed.girthsM[field] *= target / now;
    }
    mesh = generateBody(deformed);
    const shoulderTarget = predictedGirthsM.shoulderFit;
    if (shoulderTarget && shoulderTarget > 0) {
      const frame = siteFrame(deformed, 'shoulderFit');
      mesh = matchShoulderGirth(deformed, shoulderTarget, frame.centerM, frame.axis, mesh);
    }
  }
  return { params: deformed, mesh };
}
