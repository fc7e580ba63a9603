// The population the shape space is learnt from: adult MakeHuman bodies drawn at random (seeded,
// so the build is deterministic) across the macro sliders, plus the breast size/firmness macro for
// women. Category-weight formulas: the MakeHuman README's "Macro targets" table.
import { mulberry32 } from '../../src/processing/geometry/prng.ts';
import { macroTargetWeights, type MacroSettings, type WeightedTarget } from '../eval-accuracy/macro-targets.ts';

export interface BodySettings extends MacroSettings {
  /** MakeHuman BreastSize / BreastFirmness sliders in [0,1] (0.5 = average); women only. */
  breastSize: number;
  breastFirmness: number;
}

/** Deterministic PRNG (mulberry32 from a raw 32-bit state), uniform in [0,1): the product's own generator. */
export const seededRandom = (seed: number): (() => number) => mulberry32(seed);

/**
 * One adult: sex mostly near either end (people are), a tenth blended; age 25-90 y (MakeHuman's
 * adult targets start at 25); height 0.3-0.7 (about 145-200 cm); proportions 0-1; ethnic mix
 * random. Muscle and weight span their whole sliders for 70% of bodies; the other 30% are heavy:
 * MakeHuman only gets fat with little muscle (volume-BMI at weight 1: 21 with average muscle, 33
 * (women) / 40 (men) with none), so these draw muscle 0-0.35 and weight 0.75-1.3, past the slider's
 * end by linear extrapolation of the targets, to reach BMI ~45 in both sexes.
 */
export function sampleSettings(random: () => number): BodySettings {
  const sexDraw = random();
  const gender = sexDraw < 0.45 ? 0.15 * random() : sexDraw < 0.9 ? 1 - 0.15 * random() : random();
  const heavy = random() < 0.3;
  const ethnic = [random() + 0.05, random() + 0.05, random() + 0.05];
  return {
    gender,
    age: 0.5 + 0.5 * random(),
    muscle: heavy ? 0.35 * random() : random(),
    weight: heavy ? 0.75 + 0.55 * random() : random(),
    height: 0.3 + 0.4 * random(),
    proportions: random(),
    african: ethnic[0],
    asian: ethnic[1],
    caucasian: ethnic[2],
    breastSize: random(),
    breastFirmness: random(),
  };
}

/** min/average/max split of a [0,1] slider (MakeHuman's rule for muscle, weight, cup, firmness). */
function threeWay(value: number, prefix: string, suffix: string): Record<string, number> {
  const min = Math.max(0, 1 - 2 * value);
  const max = Math.max(0, 2 * value - 1);
  return { [`min${prefix}${suffix}`]: min, [`average${prefix}${suffix}`]: 1 - min - max, [`max${prefix}${suffix}`]: max };
}

/**
 * The breast macro targets `breast/female-<age>-<muscle>-<weight>-<cup>-<firmness>.target`: weight =
 * female x age x muscle x weight x cup x firmness category weights. The average-cup
 * average-firmness corner has no file (it is the identity).
 */
export function breastTargetWeights(settings: BodySettings): WeightedTarget[] {
  const female = 1 - settings.gender;
  const old = 2 * settings.age - 1;
  const ages: Record<string, number> = { young: 1 - old, old };
  const muscles = threeWay(settings.muscle, '', 'muscle');
  const weights = threeWay(settings.weight, '', 'weight');
  const cups = threeWay(settings.breastSize, '', 'cup');
  const firmness = threeWay(settings.breastFirmness, '', 'firmness');
  const out: WeightedTarget[] = [];
  for (const [age, aw] of Object.entries(ages)) {
    for (const [muscle, mw] of Object.entries(muscles)) {
      for (const [weight, ww] of Object.entries(weights)) {
        for (const [cup, cw] of Object.entries(cups)) {
          for (const [firm, fw] of Object.entries(firmness)) {
            if (cup === 'averagecup' && firm === 'averagefirmness') continue;
            const w = female * aw * mw * ww * cw * fw;
            if (Math.abs(w) > 1e-9) out.push({ path: `breast/female-${age}-${muscle}-${weight}-${cup}-${firm}.target`, weight: w });
          }
        }
      }
    }
  }
  return out;
}

/** Every target of one body: macro (sex, age, muscle, weight, height, proportions, ethnicity) + breast. */
export function bodyTargets(settings: BodySettings): WeightedTarget[] {
  if (settings.weight > 1) {
    // Past the slider's end: continue the max-weight half linearly, X(w) = X(.5) + (2w-1)(X(1)-X(.5))
    // (macroTargetWeights drops negative category weights, so blend two in-range bodies instead).
    const t = 2 * settings.weight - 1;
    const scaled = (list: WeightedTarget[], factor: number): WeightedTarget[] => list.map(({ path, weight }) => ({ path, weight: weight * factor }));
    return [...scaled(bodyTargets({ ...settings, weight: 1 }), t), ...scaled(bodyTargets({ ...settings, weight: 0.5 }), 1 - t)];
  }
  return [...macroTargetWeights(settings), ...breastTargetWeights(settings)];
}
