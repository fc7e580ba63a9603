import type { CircumferenceField } from '../../domain/measurements.ts';
import type { BodyModelParams } from './body-params.ts';
import type { LimbStation } from './body-template.ts';
import { ARM_STATIONS, LEG_STATIONS, TORSO_STATIONS } from './body-template.ts';

/** Smallest gap between consecutive station fractions of one part or segment. */
export const MIN_FRACTION_GAP = 0.003;

/** Where a chain's rings sit and which site (if any) sets each ring's girth and shape. */
export interface ChainLayout {
  /** Fraction of its part or segment, per station (template order). */
  fractions: Float64Array;
  /** The site whose girth and depth ratio the ring at each station carries. */
  siteOfLevel: (CircumferenceField | null)[];
  levelOfSite: Map<CircumferenceField, number>;
}

interface ChainSlot { site: CircumferenceField | null; fraction: number; group: string }

/**
 * Lays out one chain of stations. Each run of consecutive site stations of one group (part or
 * segment) is a set of ring slots: the run's sites go to their fractions (params.siteFractions, else
 * the template's) in the chain's order (increasing, or decreasing for `descending`), so a scan whose
 * sites come in another order than the template's still gets every site's ring on its own plane.
 * Fractions stay between the run's fixed neighbours (or the group's [lo, hi]), MIN_FRACTION_GAP apart.
 * Without siteFractions this is the template itself.
 */
function layoutChain(params: BodyModelParams, slots: ChainSlot[], descending: boolean, limits: (group: string) => [number, number]): ChainLayout {
  const n = slots.length;
  // Work on increasing values: a descending chain is mirrored (v = -fraction).
  const toValue = (f: number): number => (descending ? -f : f);
  const values = Float64Array.from(slots, (slot) => toValue(slot.fraction));
  const siteOfLevel = slots.map((slot) => slot.site);
  for (let start = 0; start < n;) {
    const group = slots[start].group;
    if (!slots[start].site) { start++; continue; }
    let end = start;
    while (end < n && slots[end].site && slots[end].group === group) end++;
    const run = slots.slice(start, end).map((slot) => {
      const wanted = params.siteFractions?.[slot.site!];
      return { site: slot.site!, v: toValue(wanted !== undefined && Number.isFinite(wanted) ? wanted : slot.fraction) };
    });
    run.sort((a, b) => a.v - b.v);
    const [lo, hi] = limits(group).map(toValue).sort((a, b) => a - b);
    const below = start > 0 && slots[start - 1].group === group ? values[start - 1] + MIN_FRACTION_GAP : lo;
    const above = end < n && slots[end].group === group ? values[end] - MIN_FRACTION_GAP : hi;
    run.forEach((slot, k) => {
      values[start + k] = Math.max(k > 0 ? values[start + k - 1] + MIN_FRACTION_GAP : below, slot.v);
      siteOfLevel[start + k] = slot.site;
    });
    for (let k = run.length - 1; k >= 0; k--) {
      values[start + k] = Math.min(k < run.length - 1 ? values[start + k + 1] - MIN_FRACTION_GAP : above, values[start + k]);
    }
    start = end;
  }
  const levelOfSite = new Map<CircumferenceField, number>();
  siteOfLevel.forEach((site, level) => { if (site) levelOfSite.set(site, level); });
  return { fractions: Float64Array.from(values, toValue), siteOfLevel, levelOfSite };
}

/** The torso column's layout (TORSO_STATIONS order); fractions of each station's part. */
export function torsoLayout(params: BodyModelParams): ChainLayout {
  return layoutChain(params, TORSO_STATIONS.map((s) => ({ site: s.site, fraction: s.fraction, group: s.part })), false,
    () => [MIN_FRACTION_GAP, 1 - MIN_FRACTION_GAP]);
}

/** Lowest leg-site fraction (height over leg length): the ankle stays above the foot rings. */
const LOWEST_LEG_FRACTION = 0.1;

/** A leg's or arm's layout (LEG_STATIONS or ARM_STATIONS order); side 0 = left. */
export function limbLayout(params: BodyModelParams, limb: 'leg' | 'arm', side: 0 | 1): ChainLayout {
  const stations: readonly LimbStation[] = limb === 'leg' ? LEG_STATIONS : ARM_STATIONS;
  const slots = stations.map((s) => ({ site: side === 0 ? s.siteLeft : s.siteRight, fraction: s.fraction, group: s.segment }));
  return layoutChain(params, slots, limb === 'leg',
    (group) => (group === 'leg' ? [1 - MIN_FRACTION_GAP, LOWEST_LEG_FRACTION] : [MIN_FRACTION_GAP, 1]));
}
