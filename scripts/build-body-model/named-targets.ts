// The named local shape components: MakeHuman's `measure/measure-<site>-{incr,decr}` target pairs
// (modifiers/measurement_modifiers.json; the wrist pair is not in the data snapshot). Coefficient
// +1 = the `incr` target, -1 = the `decr` target, on the linear mean of the two: (incr - decr) / 2.
import type { MorphTarget } from '../eval-accuracy/load-makehuman.ts';

export interface NamedTarget {
  /** Our coefficient name (camelCase, says what grows). */
  name: string;
  /** MakeHuman target stem under targets/measure/. */
  stem: string;
}

export const NAMED_TARGETS: readonly NamedTarget[] = [
  { name: 'neckGirth', stem: 'measure-neck-circ' },
  { name: 'neckLength', stem: 'measure-neck-height' },
  { name: 'upperArmGirth', stem: 'measure-upperarm-circ' },
  { name: 'upperArmLength', stem: 'measure-upperarm-length' },
  { name: 'forearmLength', stem: 'measure-lowerarm-length' },
  { name: 'frontChestWidth', stem: 'measure-frontchest-dist' },
  { name: 'bustGirth', stem: 'measure-bust-circ' },
  { name: 'underbustGirth', stem: 'measure-underbust-circ' },
  { name: 'waistGirth', stem: 'measure-waist-circ' },
  { name: 'napeToWaist', stem: 'measure-napetowaist-dist' },
  { name: 'waistToHip', stem: 'measure-waisttohip-dist' },
  { name: 'shoulderWidth', stem: 'measure-shoulder-dist' },
  { name: 'hipGirth', stem: 'measure-hips-circ' },
  { name: 'thighLength', stem: 'measure-upperleg-height' },
  { name: 'thighGirth', stem: 'measure-thigh-circ' },
  { name: 'shinLength', stem: 'measure-lowerleg-height' },
  { name: 'calfGirth', stem: 'measure-calf-circ' },
  { name: 'kneeGirth', stem: 'measure-knee-circ' },
  { name: 'ankleGirth', stem: 'measure-ankle-circ' },
];

/** (incr - decr) / 2 over every base.obj vertex (decimetres, 3 x vertex count). */
export function namedTargetOffsetsDm(named: NamedTarget, readTarget: (path: string) => MorphTarget, length: number): Float64Array {
  const out = new Float64Array(length);
  const add = (target: MorphTarget, factor: number): void => {
    for (let k = 0; k < target.indices.length; k++) {
      const i = 3 * target.indices[k];
      for (let c = 0; c < 3; c++) out[i + c] += factor * target.offsetsDm[3 * k + c];
    }
  };
  add(readTarget(`measure/${named.stem}-incr.target`), 0.5);
  add(readTarget(`measure/${named.stem}-decr.target`), -0.5);
  return out;
}
