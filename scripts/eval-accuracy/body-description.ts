// What the run prints (and writes to the JSON) about each set body: macro sliders, stature,
// volume, BMI, and per set the arms-down pose (angle, arm-torso and forearm-body gaps, the gap at
// each torso truth site) or the partial capture's holes.
import type { CircumferenceField } from '../../src/domain/measurements.ts';
import { armTorsoGapAt, type ArmGap } from './arm-contact.ts';
import type { SetBody } from './eval-sets.ts';
import type { BuiltBody } from './set-bodies.ts';

const TORSO_SITES: CircumferenceField[] = ['upperChestFit', 'chestFit', 'lowerChestFit', 'waistFit', 'waistNavyFit', 'stomachFit', 'hipsFit'];

export const BODY_TABLE_HEADER = `${'name'.padEnd(28)} gender  age(y) muscle weight height propor. afr/asi/cau   stature  volume   BMI  detail`;

const gapText = (g: ArmGap | { gapMm: number }): string => (Number.isFinite(g.gapMm) ? `${g.gapMm.toFixed(1)} mm` : g.gapMm > 0 ? 'none in reach' : 'joined');

export function describeBody(spec: SetBody, body: BuiltBody): { line: string; info: object } {
  const s = spec.preset.settings;
  const years = 25 + 130 * (s.age - 0.5);
  const arms = body.arms?.map((a) => `${a.side[0].toUpperCase()} ${a.fromVerticalDeg.toFixed(0)} deg from vertical, arm-torso gap ${gapText(a.upperArm)}${a.outOfBand ? ' (OUT OF BAND)' : ''}, forearm-body ${gapText(a.forearm)}${a.forearmOutwardDeg > 0 ? ` (turned out ${a.forearmOutwardDeg.toFixed(1)} deg)` : ''}`).join('; ');
  // Arms down: how close the arms come to the torso at the truth's torso sites (mm, the nearer side; NaN: no arm in that cut).
  const contact = body.arms ? TORSO_SITES.map((field) => {
    const y = body.truth.sites.get(field)!.centerM[1];
    const gaps = (['left', 'right'] as const).map((side) => armTorsoGapAt(body.truth.mesh, side, y)).filter((g) => !Number.isNaN(g));
    return { field, gapMm: gaps.length ? Math.min(...gaps) : NaN };
  }) : null;
  const detail = [
    spec.preset.extraTargets ? `+ local circ targets ${spec.preset.extraTargets[0].weight}` : '',
    spec.armsDown ? `elbows ${spec.armsDown.elbowBendDeg} deg; ${arms}` : '',
    contact ? `arm-torso gap at the torso sites (mm): ${contact.map((c) => `${c.field.replace('Fit', '')} ${Number.isNaN(c.gapMm) ? '-' : Number.isFinite(c.gapMm) ? c.gapMm.toFixed(1) : 'joined'}`).join(', ')}` : '',
    body.partial ? `removed ${(100 * body.partial.removedAreaShare).toFixed(1)} % of the surface (${Object.entries(body.partial.removedByHole).map(([h, a]) => `${h} ${(100 * a).toFixed(1)}`).join(', ')} %), back ${(spec.partial!.back.fraction * 100).toFixed(0)} % ${spec.partial!.back.where}` : '',
  ].filter(Boolean).join('; ');
  const line = `${spec.preset.name.padEnd(28)} ${s.gender.toFixed(2).padStart(6)} ${years.toFixed(0).padStart(7)} ${[s.muscle, s.weight, s.height, s.proportions].map((x) => x.toFixed(2).padStart(6)).join(' ')}  ${[s.african, s.asian, s.caucasian].map((x) => x.toFixed(2)).join('/')} ${(body.truth.statureM * 100).toFixed(1).padStart(6)} cm ${(body.truth.volumeM3 * 1000).toFixed(1).padStart(5)} L ${body.bmi.toFixed(1).padStart(5)}  ${detail}`;
  const info = {
    name: spec.preset.name, settings: s, extraTargets: spec.preset.extraTargets ?? [], statureM: body.truth.statureM, volumeM3: body.truth.volumeM3,
    bmi: body.bmi, arms: body.arms, armTorsoGapAtSitesMm: contact,
    partial: body.partial ? { removedAreaShare: body.partial.removedAreaShare, removedByHole: body.partial.removedByHole, back: spec.partial!.back } : null,
  };
  return { line, info };
}
