// The evaluation's sets (`--sets`): which bodies, in which stance and state, through which capture
// variants. `apose` is the original evaluation (MakeHuman's own A-pose); `arms-down` poses bodies
// with the default rig so the upper arms hang against the torso; `heavy` holds BMI 30-42 bodies;
// `partial` removes what scanners miss (soles, crown, armpits, crotch, part of the back) and adds
// a floor remnant.
import { BODY_PRESETS, HEAVY_PRESETS, type BodyPreset } from './body-presets.ts';
import type { PartialSpec } from './partial-capture.ts';
import { VARIANT_NAMES, type VariantName } from './variants.ts';

export const SET_NAMES = ['apose', 'arms-down', 'heavy', 'partial'] as const;
export type SetName = (typeof SET_NAMES)[number];

export interface SetBody {
  preset: BodyPreset;
  /** Posed arms down with this forward elbow bend (deg); absent: MakeHuman's A-pose. */
  armsDown?: { elbowBendDeg: number };
  /** Captured with holes; absent: the whole surface. */
  partial?: PartialSpec;
}

export interface EvalSet {
  name: SetName;
  title: string;
  bodies: SetBody[];
  /** Variants the set runs by default (`--variants` replaces them). */
  variants: readonly VariantName[];
}

const preset = (name: string): BodyPreset => {
  const found = [...BODY_PRESETS, ...HEAVY_PRESETS].find((p) => p.name === name);
  if (!found) throw new Error(`eval-sets: no preset ${name}`);
  return found;
};

/** Every set; `apose` keeps the original 14 bodies x 5 variants. */
export function evalSets(): EvalSet[] {
  const down = (name: string, elbowBendDeg: number): SetBody => ({ preset: preset(name), armsDown: { elbowBendDeg } });
  const partial = (name: string, fraction: number, where: 'left' | 'right' | 'lower'): SetBody => ({ preset: preset(name), partial: { back: { fraction, where } } });
  return [
    { name: 'apose', title: 'A-pose (MakeHuman rest pose), whole surface', bodies: BODY_PRESETS.map((p) => ({ preset: p })), variants: VARIANT_NAMES },
    {
      name: 'arms-down',
      title: 'arms down: upper arms 0-5 mm from the torso (rig, linear blend skinning), elbows straight or bent 20 deg',
      bodies: [
        down('F-young-average', 0), down('M-young-average', 20), down('F-young-slim-short', 0), down('M-young-athletic-tall', 20),
        down('F-old-heavy', 20), down('M-old-heavy-soft', 0), down('F-old-thin-tall', 0), down('M-old-average-short', 20),
        down('F-young-plump-african', 0), down('M-young-lean-asian', 20), down('F-old-obese-short', 0), down('M-young-obese', 20),
      ],
      variants: ['mesh', 'cloud'],
    },
    { name: 'heavy', title: 'heavy and obese, BMI 30-42, A-pose', bodies: HEAVY_PRESETS.map((p) => ({ preset: p })), variants: ['mesh', 'cloud'] },
    {
      name: 'partial',
      title: 'partial captures: soles, crown, armpits, crotch open, 1/6-1/3 of the back missing, floor remnant',
      bodies: [
        partial('F-young-average', 1 / 3, 'left'), partial('M-young-average', 1 / 3, 'lower'), partial('F-old-heavy', 1 / 6, 'right'),
        partial('M-young-athletic-tall', 1 / 3, 'right'), partial('F-young-plump-african', 1 / 6, 'lower'), partial('M-old-average-short', 1 / 3, 'left'),
      ],
      variants: ['mesh', 'cloud'],
    },
  ];
}
