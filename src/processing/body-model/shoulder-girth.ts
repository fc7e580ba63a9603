import type { BodyModelParams } from './body-params.ts';
import type { BodyMesh } from './generate-body.ts';
import { generateBody } from './generate-body.ts';
import { planeGirth } from './plane-section.ts';

/**
 * The shoulder tape also wraps the arms, so the model's shoulder girth responds weakly to the torso's
 * shoulder ring: solves tape(params.girthsM.shoulderFit) = targetM on the given plane (m, canonical
 * frame) with secant steps, updating params in place. Returns the mesh of the final parameters.
 */
export function matchShoulderGirth(
  params: BodyModelParams, targetM: number, centerM: readonly number[], normal: readonly number[], start: BodyMesh,
): BodyMesh {
  const residual = (mesh: BodyMesh): number => {
    const cut = planeGirth(mesh.positionsM, mesh.indices, centerM, normal);
    return cut ? cut.perimeterM - targetM : Number.NaN;
  };
  let x0 = params.girthsM.shoulderFit, f0 = residual(start), mesh = start;
  if (!Number.isFinite(f0)) return start;
  let x1 = x0 * (f0 > 0 ? 0.95 : 1.05);
  for (let step = 0; step < 8 && Math.abs(f0) > 1e-5; step++) {
    params.girthsM.shoulderFit = x1;
    mesh = generateBody(params);
    const f1 = residual(mesh);
    if (!Number.isFinite(f1) || f1 === f0) break;
    const next = Math.min(1.5 * x1, Math.max(0.5 * x1, x1 - (f1 * (x1 - x0)) / (f1 - f0)));
    x0 = x1; f0 = f1; x1 = next;
  }
  return mesh;
}
