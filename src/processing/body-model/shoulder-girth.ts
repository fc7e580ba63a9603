import type { BodyModelParams } from './body-params.ts';
import type { BodyMesh } from './generate-body.ts';
import { generateBody } from './generate-body.ts';
import { planeGirth } from './plane-section.ts';

/** Body generations one shoulder solve may spend. */
const MAX_EVALUATIONS = 14;

/**
 * The shoulder tape also wraps the arms, so the model's shoulder girth responds weakly to the torso's
 * shoulder ring, and jumps where the growing ring's cut merges with the arms' cuts: solves
 * tape(params.girthsM.shoulderFit) = targetM on the given plane (m, canonical frame) with secant steps
 * until the root is bracketed, then by bisection (which also settles on a jump's better side).
 * Updates params in place with the best value found; returns its mesh.
 */
export function matchShoulderGirth(
  params: BodyModelParams, targetM: number, centerM: readonly number[], normal: readonly number[], start: BodyMesh,
): BodyMesh {
  const residual = (mesh: BodyMesh): number => {
    const cut = planeGirth(mesh.positionsM, mesh.indices, centerM, normal);
    return cut ? cut.perimeterM - targetM : Number.NaN;
  };
  const f0 = residual(start);
  if (!Number.isFinite(f0)) return start;
  let best = { x: params.girthsM.shoulderFit, f: f0, mesh: start };
  const evaluate = (x: number): number => {
    params.girthsM.shoulderFit = x;
    const mesh = generateBody(params);
    const f = residual(mesh);
    if (Number.isFinite(f) && Math.abs(f) < Math.abs(best.f)) best = { x, f, mesh };
    return f;
  };
  let a = best.x, fa = f0;
  let x = a * (f0 > 0 ? 0.95 : 1.05);
  let bracket: { lo: number; flo: number; hi: number } | null = null;
  for (let n = 0; n < MAX_EVALUATIONS && Math.abs(best.f) > 1e-5; n++) {
    const f = evaluate(x);
    if (!Number.isFinite(f)) break;
    if (bracket) {
      if (Math.sign(f) === Math.sign(bracket.flo)) { bracket.lo = x; bracket.flo = f; } else bracket.hi = x;
    } else if (Math.sign(f) !== Math.sign(fa)) {
      bracket = { lo: a, flo: fa, hi: x };
    }
    if (bracket) { x = (bracket.lo + bracket.hi) / 2; continue; }
    const next = f === fa ? x * (f > 0 ? 0.95 : 1.05) : x - (f * (x - a)) / (f - fa);
    a = x; fa = f;
    x = Math.min(1.5 * a, Math.max(0.5 * a, next));
  }
  params.girthsM.shoulderFit = best.x;
  return best.mesh;
}
