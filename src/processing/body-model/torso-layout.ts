import type { CircumferenceField } from '../../domain/measurements.ts';
import type { BodyModelParams } from './body-params.ts';
import { TORSO_STATIONS } from './body-template.ts';

/** Smallest gap between consecutive torso-column fractions of one part. */
export const MIN_FRACTION_GAP = 0.003;

/** Where every torso-column ring sits and which site (if any) sets its girth and shape. */
export interface TorsoLayout {
  /** Fraction of its part (TORSO_STATIONS order), strictly increasing within each part. */
  fractions: Float64Array;
  /** The site whose girth and depth ratio the ring at each level carries (TORSO_STATIONS order). */
  siteOfLevel: (CircumferenceField | null)[];
  levelOfSite: Map<CircumferenceField, number>;
}

/**
 * The torso column's layout for a parameter set. Each run of consecutive site stations of one part
 * (hips..upperChest, shoulder, neck) is a set of ring slots; the run's sites are placed at their
 * fractions (params.siteFractions, else the template's) in increasing order, so a scan whose sites
 * come in another vertical order than the template's still gets every site's ring on its own plane.
 * Fractions are then kept between the run's fixed neighbours, at least MIN_FRACTION_GAP apart.
 * Without siteFractions this is the template itself.
 */
export function torsoLayout(params: BodyModelParams): TorsoLayout {
  const n = TORSO_STATIONS.length;
  const fractions = Float64Array.from(TORSO_STATIONS, (station) => station.fraction);
  const siteOfLevel = TORSO_STATIONS.map((station) => station.site);
  const levelOfSite = new Map<CircumferenceField, number>();
  const desired = (site: CircumferenceField, template: number): number => {
    const value = params.siteFractions?.[site];
    return value !== undefined && Number.isFinite(value) ? value : template;
  };
  for (let start = 0; start < n;) {
    const part = TORSO_STATIONS[start].part;
    if (!TORSO_STATIONS[start].site) { start++; continue; }
    let end = start;
    while (end < n && TORSO_STATIONS[end].site && TORSO_STATIONS[end].part === part) end++;
    const run = TORSO_STATIONS.slice(start, end).map((station) => ({ site: station.site!, f: desired(station.site!, station.fraction) }));
    run.sort((a, b) => a.f - b.f);
    const below = start > 0 && TORSO_STATIONS[start - 1].part === part ? TORSO_STATIONS[start - 1].fraction : 0;
    const above = end < n && TORSO_STATIONS[end].part === part ? TORSO_STATIONS[end].fraction : 1;
    run.forEach((slot, k) => {
      const lo = Math.max(below + MIN_FRACTION_GAP, k > 0 ? fractions[start + k - 1] + MIN_FRACTION_GAP : -Infinity);
      fractions[start + k] = Math.max(lo, slot.f);
      siteOfLevel[start + k] = slot.site;
    });
    for (let k = run.length - 1; k >= 0; k--) {
      const hi = k < run.length - 1 ? fractions[start + k + 1] - MIN_FRACTION_GAP : above - MIN_FRACTION_GAP;
      fractions[start + k] = Math.min(hi, fractions[start + k]);
    }
    start = end;
  }
  siteOfLevel.forEach((site, level) => { if (site) levelOfSite.set(site, level); });
  return { fractions, siteOfLevel, levelOfSite };
}
