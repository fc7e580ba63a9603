/**
 * Which way a fitted body model faces in the canonical frame (y up, the body meant to face +Z, its
 * left at +X). The canonical frame takes its front from the feet (canonical-frame.ts), a cue a
 * phone recording can get wrong: its feet lose their toes to the floor, and one turn's feet band
 * read 18 mm behind its ankles, so the body faced −Z and its left arm lay at −X. The fitted model's
 * facing rests on the whole body (face, chest, buttocks, feet); measuring turns the frame around
 * when the two disagree (measure-body.ts).
 */
import { BODY_PARTS, type ModelFit } from '../body-model/posable-model-types.ts';

const UPPER_ARM_LEFT = BODY_PARTS.indexOf('upperArmLeft'), UPPER_ARM_RIGHT = BODY_PARTS.indexOf('upperArmRight');

/**
 * Whether the fitted model faces −Z: the capture points (canonical frame, m, xyz interleaved) it
 * labels left upper arm lie, on average, at smaller x than those it labels right upper arm. False
 * when either arm has no points.
 */
export function facesBack(model: Pick<ModelFit, 'pointPart'>, points: Float32Array, count: number): boolean {
  let leftX = 0, leftN = 0, rightX = 0, rightN = 0;
  for (let i = 0; i < count; i++) {
    const part = model.pointPart[i];
    if (part === UPPER_ARM_LEFT) { leftX += points[3 * i]; leftN++; } else if (part === UPPER_ARM_RIGHT) { rightX += points[3 * i]; rightN++; }
  }
  return leftN > 0 && rightN > 0 && leftX / leftN < rightX / rightN;
}
