// The build's check that the committed asset decodes to the model it computed, within the
// quantisation the codec states (half a step, plus float32 rounding of the stored values).
import type { AssetSteps } from '../../src/processing/body-model/posable-model-codec.ts';
import type { PosableBodyModel } from '../../src/processing/body-model/posable-model-types.ts';

function maxAbsDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error('compare-decoded: length differs');
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

/** Throws when an array is off by more than its bound; returns a one-line summary (micrometres). */
export function compareDecoded(built: PosableBodyModel, decoded: PosableBodyModel, steps: AssetSteps): string {
  const checks: [string, ArrayLike<number>, ArrayLike<number>, number][] = [
    ['meanPositionsM', built.meanPositionsM, decoded.meanPositionsM, steps.positionM],
    ['shapeBasisM', built.shapeBasisM, decoded.shapeBasisM, steps.basisM],
    ['boneHeadMeanM', built.boneHeadMeanM, decoded.boneHeadMeanM, steps.positionM],
    ['boneHeadBasisM', built.boneHeadBasisM, decoded.boneHeadBasisM, steps.positionM],
    ['boneTailMeanM', built.boneTailMeanM, decoded.boneTailMeanM, steps.positionM],
    ['boneTailBasisM', built.boneTailBasisM, decoded.boneTailBasisM, steps.positionM],
  ];
  const parts: string[] = [];
  for (const [name, a, b, step] of checks) {
    const error = maxAbsDifference(a, b);
    // Half a step, plus float32 rounding of values up to ~2.5 m (2^-23 * 2.5 ~ 0.3 um).
    if (error > step / 2 + 4e-7) throw new Error(`compare-decoded: ${name} off by ${error} m (step ${step})`);
    parts.push(`${name} ${(error * 1e6).toFixed(2)} um`);
  }
  const weightError = maxAbsDifference(built.skinWeights, decoded.skinWeights);
  if (weightError > 4 * steps.weight) throw new Error(`compare-decoded: skin weights off by ${weightError}`);
  parts.push(`skinWeights ${weightError.toExponential(1)}`);
  for (const name of ['triangles', 'skinBones', 'vertexPart'] as const) {
    if (maxAbsDifference(built[name], decoded[name]) !== 0) throw new Error(`compare-decoded: ${name} differ`);
  }
  return `${parts.join(', ')} (max abs; triangles, bones, parts exact)`;
}
