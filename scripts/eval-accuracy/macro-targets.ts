// MakeHuman's macro-variable scheme (the MakeHuman data set's README, "Macro targets"):
// each variable in [0,1] becomes category weights; each macro target's weight is the product of
// the category weights named in its file name. Adults only (age >= 0.5: young/old files).
import type { MakeHumanBase, MorphTarget } from './load-makehuman.ts';

/** Macro variables, all in [0,1] like MakeHuman's sliders (0.5 = average). */
export interface MacroSettings {
  gender: number;
  /** 0.5 -> 25 years, 1 -> 90 years (years = 25 + 130 (a - 0.5)); must be >= 0.5 here. */
  age: number;
  muscle: number;
  weight: number;
  height: number;
  proportions: number;
  african: number;
  asian: number;
  caucasian: number;
}

export interface WeightedTarget {
  /** Path relative to the targets folder. */
  path: string;
  weight: number;
}

type Weights = Record<string, number>;

/** min/average/max split of MakeHuman's muscle and weight sliders. */
function threeWay(value: number, prefix: string): Weights {
  const min = Math.max(0, 1 - 2 * value);
  const max = Math.max(0, 2 * value - 1);
  return { [`min${prefix}`]: min, [`average${prefix}`]: 1 - min - max, [`max${prefix}`]: max };
}

export function macroTargetWeights(settings: MacroSettings): WeightedTarget[] {
  if (settings.age < 0.5) throw new Error('macro-targets: only adult ages (>= 0.5) are supported');
  const genders: Weights = { female: 1 - settings.gender, male: settings.gender };
  const old = 2 * settings.age - 1;
  const ages: Weights = { young: 1 - old, old };
  const muscles = threeWay(settings.muscle, 'muscle');
  const weights = threeWay(settings.weight, 'weight');
  const heights: Weights = { minheight: Math.max(0, 1 - 2 * settings.height), maxheight: Math.max(0, 2 * settings.height - 1) };
  const proportions: Weights = {
    uncommonproportions: Math.max(0, 1 - 2 * settings.proportions),
    idealproportions: Math.max(0, 2 * settings.proportions - 1),
  };
  const ethnicSum = settings.african + settings.asian + settings.caucasian;
  const ethnics: Weights = {
    african: settings.african / ethnicSum, asian: settings.asian / ethnicSum, caucasian: settings.caucasian / ethnicSum,
  };
  const out: WeightedTarget[] = [];
  const push = (path: string, weight: number): void => { if (weight > 1e-9) out.push({ path, weight }); };
  for (const [gender, gw] of Object.entries(genders)) {
    for (const [age, aw] of Object.entries(ages)) {
      for (const [ethnic, ew] of Object.entries(ethnics)) push(`macrodetails/${ethnic}-${gender}-${age}.target`, gw * aw * ew);
      for (const [muscle, mw] of Object.entries(muscles)) {
        for (const [weight, ww] of Object.entries(weights)) {
          const stem = `${gender}-${age}-${muscle}-${weight}`;
          const base = gw * aw * mw * ww;
          push(`macrodetails/universal-${stem}.target`, base);
          for (const [height, hw] of Object.entries(heights)) push(`macrodetails/height/${stem}-${height}.target`, base * hw);
          for (const [prop, pw] of Object.entries(proportions)) push(`macrodetails/proportions/${stem}-${prop}.target`, base * pw);
        }
      }
    }
  }
  return out;
}

/** v_final = v_base + sum_t w_t offset_t (README "pure linear blend"); all vertices, decimetres. */
export function applyTargets(
  base: MakeHumanBase, targets: readonly WeightedTarget[], readTarget: (path: string) => MorphTarget,
): Float64Array {
  const positionsDm = Float64Array.from(base.positionsDm);
  for (const { path, weight } of targets) {
    const target = readTarget(path);
    for (let k = 0; k < target.indices.length; k++) {
      const i = target.indices[k] * 3;
      positionsDm[i] += weight * target.offsetsDm[3 * k];
      positionsDm[i + 1] += weight * target.offsetsDm[3 * k + 1];
      positionsDm[i + 2] += weight * target.offsetsDm[3 * k + 2];
    }
  }
  return positionsDm;
}
