/**
 * Whether two fits hold their arms the same way: the largest angle between their corresponding arm
 * bones (upper arms and forearms, each the direction from its posed head to its posed tail). Used to
 * decide whether the fit's runner-up start is a different arm stance worth refining
 * (fit-posable-model.ts). Frame: any, as long as both fits share it (the canonical frame, m).
 */

/** The arm bones compared. */
export const ARM_BONES = ['upperArmLeft', 'forearmLeft', 'upperArmRight', 'forearmRight'] as const;

/**
 * Largest angle (degrees, 0..180) between the arm bones of fit A and fit B: heads and tails are 3 per
 * bone (posed, m), bones named by `boneNames`. A bone of zero length in either fit counts as 180°.
 */
export function armStanceAngleDeg(
  boneNames: readonly string[], headsA: ArrayLike<number>, tailsA: ArrayLike<number>, headsB: ArrayLike<number>, tailsB: ArrayLike<number>,
): number {
  let largest = 0;
  for (const name of ARM_BONES) {
    const b = boneNames.indexOf(name);
    if (b < 0) throw new Error(`The body model has no bone ${name}.`);
    const ax = tailsA[3 * b] - headsA[3 * b], ay = tailsA[3 * b + 1] - headsA[3 * b + 1], az = tailsA[3 * b + 2] - headsA[3 * b + 2];
    const bx = tailsB[3 * b] - headsB[3 * b], by = tailsB[3 * b + 1] - headsB[3 * b + 1], bz = tailsB[3 * b + 2] - headsB[3 * b + 2];
    const lengths = Math.hypot(ax, ay, az) * Math.hypot(bx, by, bz);
    if (!(lengths > 0)) return 180;
    const cos = (ax * bx + ay * by + az * bz) / lengths;
    largest = Math.max(largest, (Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI);
  }
  return largest;
}
