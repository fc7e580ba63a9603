// The evaluation's MakeHuman bodies: macro settings (MakeHuman slider values in [0,1], see
// macro-targets.ts) chosen to span both sexes, young/old, min..max weight and muscle, heights
// within the README's realistic band (h 0.35..0.65) and both proportion extremes.
import type { MacroSettings, WeightedTarget } from './macro-targets.ts';

export interface BodyPreset {
  name: string;
  settings: MacroSettings;
  /** Local targets added on top of the macro targets (e.g. measure-*-circ-incr), weight in [0,1]. */
  extraTargets?: readonly WeightedTarget[];
}

const mixed = { african: 1 / 3, asian: 1 / 3, caucasian: 1 / 3 };
const body = (name: string, s: Partial<MacroSettings> & Pick<MacroSettings, 'gender'>): BodyPreset => ({
  name,
  settings: { age: 0.5, muscle: 0.5, weight: 0.5, height: 0.5, proportions: 0.5, ...mixed, ...s },
});

export const BODY_PRESETS: readonly BodyPreset[] = [
  body('F-young-average', { gender: 0 }),
  body('M-young-average', { gender: 1 }),
  body('F-young-slim-short', { gender: 0, weight: 0, muscle: 0.3, height: 0.38, proportions: 1 }),
  body('M-young-athletic-tall', { gender: 1, weight: 0.35, muscle: 1, height: 0.62, proportions: 1 }),
  body('F-old-heavy', { gender: 0, age: 0.875, weight: 1, muscle: 0.5, height: 0.45, proportions: 0.5 }),
  body('M-old-heavy-soft', { gender: 1, age: 0.8, weight: 1, muscle: 0, height: 0.55, proportions: 0.3 }),
  body('F-young-strong-heavy', { gender: 0, weight: 0.85, muscle: 1, height: 0.6, proportions: 1 }),
  body('M-young-thin-short', { gender: 1, weight: 0, muscle: 0, height: 0.35, proportions: 0 }),
  body('F-old-thin-tall', { gender: 0, age: 0.7, weight: 0.1, muscle: 0.8, height: 0.65, proportions: 0 }),
  body('M-old-average-short', { gender: 1, age: 1, weight: 0.5, muscle: 0.4, height: 0.4, proportions: 1 }),
  body('F-young-plump-african', { gender: 0, weight: 0.75, muscle: 0.3, height: 0.55, african: 1, asian: 0, caucasian: 0 }),
  body('M-young-lean-asian', { gender: 1, weight: 0.2, muscle: 0.85, height: 0.45, african: 0, asian: 1, caucasian: 0 }),
  body('M-young-big', { gender: 1, weight: 1, muscle: 1, height: 0.65, proportions: 1, caucasian: 1, african: 0, asian: 0 }),
  body('F-young-athletic-caucasian', { gender: 0, weight: 0.3, muscle: 0.9, height: 0.5, proportions: 0.8, caucasian: 1, african: 0, asian: 0 }),
];

/** The `measure-<site>-circ-incr` targets a heavy preset adds, all at one weight: girth where fat goes. */
const HEAVY_LOCAL_SITES = ['waist', 'hips', 'bust', 'underbust', 'thigh', 'upperarm', 'neck', 'calf'] as const;
const fatter = (weight: number): WeightedTarget[] => HEAVY_LOCAL_SITES.map((site) => ({ path: `measure/measure-${site}-circ-incr.target`, weight }));
const heavy = (name: string, s: Partial<MacroSettings> & Pick<MacroSettings, 'gender'>, local: number): BodyPreset => ({
  ...body(name, { weight: 1, ...s }), ...(local > 0 ? { extraTargets: fatter(local) } : {}),
});

/**
 * Heavy and obese bodies (BMI 30-42 at the stated density, see docs/accuracy.md): macro weight at
 * its maximum, muscle low (MakeHuman's weight axis adds little volume at average muscle), both
 * sexes, 25-80 years, 152-188 cm; the heaviest add local circumference targets.
 */
export const HEAVY_PRESETS: readonly BodyPreset[] = [
  heavy('F-young-obese', { gender: 0, muscle: 0, height: 0.45 }, 0),
  heavy('F-old-obese-short', { gender: 0, age: 0.85, muscle: 0, height: 0.4 }, 0.5),
  heavy('F-mid-heavy-tall', { gender: 0, age: 0.6, muscle: 0.25, height: 0.62 }, 0.6),
  heavy('F-mid-severe', { gender: 0, age: 0.7, muscle: 0, height: 0.5, african: 1, asian: 0, caucasian: 0 }, 0.75),
  heavy('M-young-obese', { gender: 1, weight: 0.95, muscle: 0.1, height: 0.5 }, 0),
  heavy('M-old-obese-short', { gender: 1, age: 0.9, muscle: 0, height: 0.4 }, 0),
  heavy('M-mid-heavy-tall', { gender: 1, age: 0.65, muscle: 0.25, height: 0.62, caucasian: 1, african: 0, asian: 0 }, 0.3),
  heavy('M-young-severe-short', { gender: 1, age: 0.55, muscle: 0.2, height: 0.38, asian: 1, african: 0, caucasian: 0 }, 0.5),
];
