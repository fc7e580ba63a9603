import { CIRCUMFERENCE_FIELDS } from '../../domain/measurements.ts';
import type { CircumferenceField } from '../../domain/measurements.ts';
import type { BodyModelParams } from './body-params.ts';
import type { LimbStation, TorsoStation } from './body-template.ts';
import { ARM_STATIONS, LEG_STATIONS, TORSO_STATIONS } from './body-template.ts';
import type { StationFrame } from './generate-body.ts';
import { limbStationFrame, torsoStationFrame } from './generate-body.ts';
import { limbLayout, torsoLayout } from './torso-layout.ts';

/** The model station that carries a measurement site. */
export type SiteStation =
  | { limb: 'torso'; station: TorsoStation }
  | { limb: 'leg' | 'arm'; side: 0 | 1; station: LimbStation };

function buildSiteStations(): Record<CircumferenceField, SiteStation> {
  const map = {} as Record<CircumferenceField, SiteStation>;
  for (const station of TORSO_STATIONS) if (station.site) map[station.site] = { limb: 'torso', station };
  for (const [limb, stations] of [['leg', LEG_STATIONS], ['arm', ARM_STATIONS]] as const) {
    for (const station of stations) {
      if (station.siteLeft) map[station.siteLeft] = { limb, side: 0, station };
      if (station.siteRight) map[station.siteRight] = { limb, side: 1, station };
    }
  }
  for (const field of CIRCUMFERENCE_FIELDS) if (!map[field]) throw new Error(`no station for ${field}`);
  return map;
}

/** Which station each of the 27 circumference fields sits on. */
export const SITE_STATIONS: Readonly<Record<CircumferenceField, SiteStation>> = buildSiteStations();

/** The plane (centre, normal) and ring axes of a site's station for a parameter set (m, canonical frame). */
export function siteFrame(params: BodyModelParams, field: CircumferenceField): StationFrame {
  const site = SITE_STATIONS[field];
  // The ring that carries the site may be another station's slot when the sites' order differs from the template's.
  if (site.limb !== 'torso') {
    const stations = site.limb === 'leg' ? LEG_STATIONS : ARM_STATIONS;
    const chain = limbLayout(params, site.limb, site.side);
    const level = chain.levelOfSite.get(field) ?? stations.indexOf(site.station);
    return limbStationFrame(params, site.limb, site.side, stations[level], chain.fractions[level]);
  }
  const layout = torsoLayout(params);
  const level = layout.levelOfSite.get(field) ?? TORSO_STATIONS.indexOf(site.station);
  return torsoStationFrame(params, TORSO_STATIONS[level], layout.fractions[level], layout.siteOfLevel[level]);
}
