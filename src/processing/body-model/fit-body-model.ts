import type { BodyMeasurementResult, MeasurementSite } from '../../domain/body-scan-result.ts';
import { CIRCUMFERENCE_FIELDS } from '../../domain/measurements.ts';
import type { CircumferenceField } from '../../domain/measurements.ts';
import type { BodyModelParams } from './body-params.ts';
import { cloneParams, REFERENCE_PARAMS } from './body-params.ts';
import { REFERENCE_STATURE_M, SHOULDER_JOINT_FRACTION, TORSO_STATIONS } from './body-template.ts';
import type { BodyMesh } from './generate-body.ts';
import { generateBody, limbStationFrame } from './generate-body.ts';
import { planeGirth } from './plane-section.ts';
import { matchShoulderGirth } from './shoulder-girth.ts';
import { SITE_STATIONS, siteFrame } from './site-stations.ts';

export interface BodyFit {
  params: BodyModelParams;
  /** The fitted body, posed and placed like the scan (m, Y up, facing +Z, feet at y = 0). */
  mesh: BodyMesh;
  /** Model girth minus measured girth at each measured site's plane (mm). */
  fitErrorMmBySite: Partial<Record<CircumferenceField, number>>;
}

const GIRTH_ROUNDS = 4;
/** How far (m) from its station a site's plane still steers that station's girth. */
const STATION_REACH_M = 0.01;
/** Largest tilt given to a torso or neck ring (degrees). */
const MAX_RING_TILT_DEG = 35;
/** Neck base below the neck tape's lowest point (m at the reference stature). */
const NECK_BASE_CLEARANCE_M = 0.01;
/** Armpit ring's fraction of the torso: the torso sites below the armholes stay under it. */
const ARMPIT_FRACTION = TORSO_STATIONS.find((station) => station.name === 'armpit')!.fraction;

/**
 * Fits the body model to a measured scan (canonical frame: m, Y up, facing +Z, feet at y = 0).
 * Lengths and pose come from the heights and positions of the measurement sites' centres (and the
 * stature); girths and cross-section shapes from the site rings, then refined so that the model cut
 * at each measured plane has the measured tape girth. Sites missing from the result keep the
 * reference body's values scaled by stature.
 */
export function fitBodyModel(result: BodyMeasurementResult): BodyFit {
  const sites = new Map<CircumferenceField, MeasurementSite>();
  for (const site of result.sites) sites.set(site.field, site);
  const params = cloneParams(REFERENCE_PARAMS);
  const stature = result.statureM > 0 ? result.statureM : REFERENCE_STATURE_M;
  const scale = stature / REFERENCE_STATURE_M;
  for (const key of Object.keys(params.lengths) as (keyof BodyModelParams['lengths'])[]) params.lengths[key] *= scale;
  for (const field of CIRCUMFERENCE_FIELDS) params.girthsM[field] *= scale;

  fitPlacement(params, sites, scale);
  fitLegs(params, sites);
  fitColumn(params, sites, stature, scale);
  fitArms(params, sites, result.landmarks, scale);
  fitLimbSiteFractions(params, sites);
  fitGirthsFromRings(params, sites);

  let mesh = generateBody(params);
  for (let round = 0; round < GIRTH_ROUNDS; round++) {
    for (const [field, site] of sites) {
      const cut = planeGirth(mesh.positionsM, mesh.indices, site.centerM, site.normal);
      if (!cut || cut.perimeterM <= 0) continue;
      if (field === 'shoulderFit') continue;
      // A station off its plane (torso sites in reversed measured order) barely moves that plane's girth.
      const frame = siteFrame(params, field);
      const offset = Math.abs(dot(sub(frame.centerM, site.centerM), site.normal));
      const influence = Math.exp(-((offset / STATION_REACH_M) ** 2));
      params.girthsM[field] *= clamp(site.perimeterM / cut.perimeterM, 0.7, 1.4) ** influence;
      const measuredShape = depthRatioOfRing(params, field, site.ringM);
      const modelShape = depthRatioOfRing(params, field, cut.ringM);
      if (measuredShape > 0 && modelShape > 0) params.depthRatios[field] = clamp(params.depthRatios[field] * measuredShape / modelShape, 0.3, 3);
    }
    mesh = generateBody(params);
    // The arm rings start from the armhole, so the shoulder is settled inside every round.
    const shoulder = sites.get('shoulderFit');
    if (shoulder) mesh = matchShoulderGirth(params, shoulder.perimeterM, shoulder.centerM, shoulder.normal, mesh);
  }
  const shoulderSite = sites.get('shoulderFit');
  if (shoulderSite) params.shoulderTapeM = shoulderSite.perimeterM;
  const fitErrorMmBySite: Partial<Record<CircumferenceField, number>> = {};
  for (const [field, site] of sites) {
    const cut = planeGirth(mesh.positionsM, mesh.indices, site.centerM, site.normal);
    fitErrorMmBySite[field] = cut ? (cut.perimeterM - site.perimeterM) * 1000 : Number.NaN;
  }
  return { params, mesh, fitErrorMmBySite };
}

function fitPlacement(params: BodyModelParams, sites: Map<CircumferenceField, MeasurementSite>, scale: number): void {
  let sx = 0, sz = 0, n = 0;
  for (const [field, site] of sites) {
    const station = SITE_STATIONS[field];
    if (station.limb !== 'torso' || field === 'shoulderFit') continue;
    sx += site.centerM[0];
    sz += site.centerM[2] - station.station.centerZM * scale;
    n++;
  }
  if (n > 0) params.rootOffsetM = { x: sx / n, z: sz / n };
}

function fitLegs(params: BodyModelParams, sites: Map<CircumferenceField, MeasurementSite>): void {
  let num = 0, den = 0;
  const bySide: [number, number][][] = [[], []];
  for (const [field, site] of sites) {
    const s = SITE_STATIONS[field];
    if (s.limb !== 'leg' || s.station.segment !== 'leg') continue;
    num += site.centerM[1] * s.station.fraction;
    den += s.station.fraction * s.station.fraction;
    bySide[s.side].push([site.centerM[1], site.centerM[0]]);
  }
  if (den > 0) params.lengths.legM = num / den;
  const crotch = params.lengths.legM;
  const tans: number[] = [], hips: number[] = [];
  bySide.forEach((points, side) => {
    if (points.length < 2) return;
    const my = mean(points.map((p) => p[0])), mx = mean(points.map((p) => p[1]));
    let cov = 0, varY = 0;
    for (const [y, x] of points) { cov += (y - my) * (x - mx); varY += (y - my) ** 2; }
    if (varY <= 0) return;
    const slope = cov / varY; // dx/dy
    const sign = side === 0 ? 1 : -1;
    tans.push(-sign * slope);
    hips.push(sign * (mx + slope * (crotch - my) - params.rootOffsetM.x));
  });
  if (tans.length > 0) params.pose.legAbductionDeg = (Math.atan(mean(tans)) * 180) / Math.PI;
  if (hips.length > 0) params.lengths.hipHalfWidthM = clamp(mean(hips), 0.03, 0.25);
}

function fitColumn(params: BodyModelParams, sites: Map<CircumferenceField, MeasurementSite>, stature: number, scale: number): void {
  const crotch = params.lengths.legM;
  let num = 0, den = 0;
  for (const [field, site] of sites) {
    const s = SITE_STATIONS[field];
    if (s.limb !== 'torso' || s.station.part !== 'torso') continue;
    num += (site.centerM[1] - crotch) * s.station.fraction;
    den += s.station.fraction * s.station.fraction;
  }
  if (den > 0) params.lengths.torsoM = num / den;
  // The shoulder plane sets the armhole levels, which the torso length scales, as far as the neck base
  // stays under the neck tape's lowest point and the armpit above the highest torso site below it.
  const shoulder = sites.get('shoulderFit');
  const neck = sites.get('neckFit');
  if (shoulder) params.lengths.torsoM = (shoulder.centerM[1] - crotch) / SITE_STATIONS.shoulderFit.station.fraction;
  if (neck) params.lengths.torsoM = Math.min(params.lengths.torsoM, extremeY(neck.ringM, -1) - NECK_BASE_CLEARANCE_M * scale - crotch);
  let highestChest = -Infinity;
  for (const [field, site] of sites) {
    const s = SITE_STATIONS[field];
    if (s.limb === 'torso' && s.station.part === 'torso' && s.station.fraction < ARMPIT_FRACTION) highestChest = Math.max(highestChest, site.centerM[1]);
  }
  if (highestChest > crotch) params.lengths.torsoM = Math.max(params.lengths.torsoM, (highestChest - crotch) / (ARMPIT_FRACTION - 0.01));
  const neckStation = SITE_STATIONS.neckFit.station;
  if (neck) {
    // The neck reaches above the neck tape's highest point (a long neck when the tape sits high).
    const neckBase = crotch + params.lengths.torsoM;
    const atFraction = (neck.centerM[1] - neckBase) / neckStation.fraction;
    const aboveTape = extremeY(neck.ringM, 1) + NECK_BASE_CLEARANCE_M * scale - neckBase;
    params.lengths.neckM = clamp(Math.max(atFraction, aboveTape), 0.04 * scale, 0.3 * scale);
  }
  params.lengths.headM = clamp(stature - crotch - params.lengths.torsoM - params.lengths.neckM, 0.12, 0.35);
  // Each torso and neck site's station goes to its measured plane's height.
  const siteFractions: Partial<Record<CircumferenceField, number>> = {};
  for (const [field, site] of sites) {
    const s = SITE_STATIONS[field];
    if (s.limb !== 'torso' || s.station.part === 'head') continue;
    siteFractions[field] = s.station.part === 'torso' ? (site.centerM[1] - crotch) / params.lengths.torsoM
      : (site.centerM[1] - crotch - params.lengths.torsoM) / params.lengths.neckM;
  }
  params.siteFractions = siteFractions;
  // Tilted torso and neck planes (the neck tape runs lower in front) tilt their rings alike.
  const siteTiltsDeg: Partial<Record<CircumferenceField, number>> = {};
  for (const [field, site] of sites) {
    const s = SITE_STATIONS[field];
    if (s.limb !== 'torso' || s.station.part === 'head' || field === 'shoulderFit') continue;
    const n = site.normal[1] < 0 ? site.normal.map((v) => -v) : site.normal;
    const tilt = (Math.atan2(n[2], n[1]) * 180) / Math.PI;
    if (Math.abs(tilt) > 1) siteTiltsDeg[field] = clamp(tilt, -MAX_RING_TILT_DEG, MAX_RING_TILT_DEG);
  }
  params.siteTiltsDeg = siteTiltsDeg;
}

const FOREARM_SITES = [['lowerArmLeftFit', 'forearmLeftFit', 'wristLeftFit'], ['lowerArmRightFit', 'forearmRightFit', 'wristRightFit']] as const;

/**
 * Arm pose and lengths. The upper arm runs through the mid-arm ring's centre and, when the scan has
 * an elbow landmark, the elbow; the forearm then follows the forearm planes' normals from the elbow
 * (a bent arm). Without an elbow the arm is straight from the mid-arm centre to the wrist centre.
 */
function fitArms(params: BodyModelParams, sites: Map<CircumferenceField, MeasurementSite>, landmarks: BodyMeasurementResult['landmarks'], scale: number): void {
  const poses: [number, number, number, number][] = [], uppers: number[] = [], fores: number[] = [], halfWidths: number[] = [], forwards: number[] = [];
  const jointY = params.lengths.legM + SHOULDER_JOINT_FRACTION * params.lengths.torsoM;
  const deg = 180 / Math.PI;
  for (const side of [0, 1] as const) {
    const sign = side === 0 ? 1 : -1;
    const mid = sites.get(side === 0 ? 'midArmLeftFit' : 'midArmRightFit');
    const wrist = sites.get(side === 0 ? 'wristLeftFit' : 'wristRightFit');
    if (!mid || !wrist) continue;
    const straight = normalize(sub(wrist.centerM, mid.centerM));
    const elbowMark = landmarks?.[side === 0 ? 'elbowLeft' : 'elbowRight'];
    const bent = elbowMark && dot(sub(elbowMark, mid.centerM), straight) > 0 && dot(sub(wrist.centerM, elbowMark), straight) > 0;
    const u = bent ? normalize(sub(elbowMark, mid.centerM)) : straight;
    if (u[1] > -0.05) continue; // arms raised above horizontal: keep the reference pose
    let f = straight;
    if (bent) {
      const sum: [number, number, number] = [0, 0, 0];
      for (const field of FOREARM_SITES[side]) {
        const n = sites.get(field)?.normal;
        if (!n) continue;
        const s = Math.sign(dot(n, straight)) || 1;
        for (let k = 0; k < 3; k++) sum[k] += s * n[k];
      }
      f = dot(sum, sum) > 0 ? normalize(sum) : normalize(sub(wrist.centerM, elbowMark));
    }
    const toJoint = (jointY - mid.centerM[1]) / -u[1];
    const joint = [mid.centerM[0] - u[0] * toJoint, jointY, mid.centerM[2] - u[2] * toJoint];
    const elbow = bent ? elbowMark : null;
    const upper = elbow ? dot(sub(elbow, joint), u) : toJoint / SITE_STATIONS.midArmLeftFit.station.fraction;
    uppers.push(upper);
    halfWidths.push(Math.abs(joint[0] - params.rootOffsetM.x));
    if (bent) forwards.push(joint[2] - params.rootOffsetM.z);
    poses.push([Math.atan2(sign * u[0], -u[1]) * deg, Math.asin(u[2]) * deg, Math.atan2(sign * f[0], -f[1]) * deg, Math.asin(f[2]) * deg]);
    const elbowPoint = elbow ?? [joint[0] + u[0] * upper, joint[1] + u[1] * upper, joint[2] + u[2] * upper];
    // The wrist ring ends the forearm.
    fores.push(dot(sub(wrist.centerM, elbowPoint), f) / SITE_STATIONS.wristLeftFit.station.fraction);
  }
  if (poses.length > 0) {
    params.pose.armAbductionDeg = mean(poses.map((p) => p[0]));
    params.pose.armFlexionDeg = mean(poses.map((p) => p[1]));
    params.pose.forearmAbductionDeg = mean(poses.map((p) => p[2]));
    params.pose.forearmFlexionDeg = mean(poses.map((p) => p[3]));
  }
  if (uppers.length > 0) params.lengths.upperArmM = clamp(mean(uppers), 0.15 * scale, 0.6 * scale);
  if (fores.length > 0) params.lengths.forearmM = clamp(mean(fores), 0.1 * scale, 0.45 * scale);
  if (forwards.length > 0) params.lengths.shoulderForwardM = clamp(mean(forwards), -0.15 * scale, 0.15 * scale);
  if (halfWidths.length > 0) params.lengths.shoulderHalfWidthM = clamp(mean(halfWidths), 0.08, 0.35);
}

/** Each leg and arm site's station goes to where its measured plane's centre projects onto the limb axis. */
function fitLimbSiteFractions(params: BodyModelParams, sites: Map<CircumferenceField, MeasurementSite>): void {
  const fractions = params.siteFractions ?? {};
  const L = params.lengths;
  for (const [field, site] of sites) {
    const s = SITE_STATIONS[field];
    if (s.limb === 'leg' && s.station.segment === 'leg') fractions[field] = site.centerM[1] / L.legM;
    if (s.limb !== 'arm') continue;
    // The segment's start (shoulder joint or elbow) and axis.
    const start = limbStationFrame(params, 'arm', s.side, s.station, 0);
    const along = dot(sub(site.centerM, start.centerM), start.axis);
    if (s.station.segment === 'upperArm') fractions[field] = along / L.upperArmM;
    else if (s.station.segment === 'forearm') fractions[field] = along / L.forearmM;
  }
  params.siteFractions = fractions;
}

/** Initial girths from the rings' perimeters, depth ratios from their extents along the station's axes. */
function fitGirthsFromRings(params: BodyModelParams, sites: Map<CircumferenceField, MeasurementSite>): void {
  for (const [field, site] of sites) {
    params.girthsM[field] = site.perimeterM;
    if (field === 'shoulderFit') continue; // the shoulder tape also wraps the arms: keep the template's shape
    const ratio = depthRatioOfRing(params, field, site.ringM);
    if (ratio > 0) params.depthRatios[field] = clamp(ratio, 0.3, 3);
  }
}

/** Extent along the station's depth axis over extent along its lateral axis; 0 when degenerate. */
function depthRatioOfRing(params: BodyModelParams, field: CircumferenceField, ring: Float32Array): number {
  const frame = siteFrame(params, field);
  let minU = Infinity, maxU = -Infinity, minW = Infinity, maxW = -Infinity;
  for (let i = 0; i < ring.length; i += 3) {
    const u = ring[i] * frame.lateral[0] + ring[i + 1] * frame.lateral[1] + ring[i + 2] * frame.lateral[2];
    const w = ring[i] * frame.depth[0] + ring[i + 1] * frame.depth[1] + ring[i + 2] * frame.depth[2];
    minU = Math.min(minU, u); maxU = Math.max(maxU, u); minW = Math.min(minW, w); maxW = Math.max(maxW, w);
  }
  return maxU > minU && maxW > minW ? (maxW - minW) / (maxU - minU) : 0;
}

/** Lowest (direction -1) or highest (+1) height of a ring (m). */
function extremeY(ring: Float32Array, direction: 1 | -1): number {
  let extreme = -Infinity;
  for (let i = 1; i < ring.length; i += 3) extreme = Math.max(extreme, direction * ring[i]);
  return direction * extreme;
}

const mean = (values: number[]): number => values.reduce((s, v) => s + v, 0) / values.length;
const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));
const sub = (a: readonly number[], b: readonly number[]): [number, number, number] => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: readonly number[], b: readonly number[]): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
function normalize(v: [number, number, number]): [number, number, number] {
  const l = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
}
