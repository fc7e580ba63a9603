import type { CircumferenceField } from '../../domain/measurements.ts';
import type { BodyModelParams } from './body-params.ts';
import { REFERENCE_PARAMS, statureOf } from './body-params.ts';
import type { LimbStation, RatioSource, TorsoStation } from './body-template.ts';
import {
  ARM_STATIONS, BRIDGE_VERTICES, CROTCH_SAG_FRACTION, LEG_STATIONS, REFERENCE_STATURE_M, SHOULDER_JOINT_FRACTION,
  SOLE_POLE_Z_M, TORSO_COLUMNS, TORSO_STATIONS,
} from './body-template.ts';
import type { LimbLayout } from './body-topology.ts';
import { BODY_TOPOLOGY } from './body-topology.ts';
import { limbLayout, torsoLayout } from './torso-layout.ts';

/** A body surface: positions on BODY_TOPOLOGY (m, Y up, facing +Z, feet at y = 0). */
export interface BodyMesh {
  positionsM: Float32Array;
  /** BODY_TOPOLOGY.indices (shared, do not modify). */
  indices: Uint32Array;
}

/** Where a station ring sits: centre, unit axis (normal of the ring's plane), lateral and depth unit axes. */
export interface StationFrame {
  centerM: [number, number, number];
  axis: [number, number, number];
  lateral: [number, number, number];
  depth: [number, number, number];
}

type Vec3 = [number, number, number];

/** Heights (m) of the crotch, neck base and chin for a parameter set. */
export function columnHeightsM(params: BodyModelParams): { crotchM: number; neckBaseM: number; chinM: number } {
  const { legM, torsoM, neckM } = params.lengths;
  return { crotchM: legM, neckBaseM: legM + torsoM, chinM: legM + torsoM + neckM };
}

/** Height (m) and centre z (m) of a torso-column station. */
export function torsoStationFrame(
  params: BodyModelParams, station: TorsoStation, fraction = torsoLayout(params).fractions[TORSO_STATIONS.indexOf(station)],
  site: CircumferenceField | null = station.site,
): StationFrame {
  const { crotchM, neckBaseM, chinM } = columnHeightsM(params);
  const { torsoM, neckM, headM } = params.lengths;
  const y = station.part === 'torso' ? crotchM + fraction * torsoM
    : station.part === 'neck' ? neckBaseM + fraction * neckM : chinM + fraction * headM;
  const scale = statureOf(params) / REFERENCE_STATURE_M;
  const centerM: Vec3 = [params.rootOffsetM.x, y, params.rootOffsetM.z + station.centerZM * scale];
  const tilt = site ? params.siteTiltsDeg?.[site] : undefined;
  if (!tilt) return { centerM, axis: [0, 1, 0], lateral: [1, 0, 0], depth: [0, 0, 1] };
  // A site ring tilted about the lateral axis (front down for a positive tilt), like its measured plane.
  const t = (tilt * Math.PI) / 180;
  return { centerM, axis: [0, Math.cos(t), Math.sin(t)], lateral: [1, 0, 0], depth: [0, -Math.sin(t), Math.cos(t)] };
}

/** Frame of a limb station; side 0 = left (+X), 1 = right (-X). */
export function limbStationFrame(
  params: BodyModelParams, limb: 'leg' | 'arm', side: 0 | 1, station: LimbStation,
  fraction = limbLayout(params, limb, side).fractions[(limb === 'leg' ? LEG_STATIONS : ARM_STATIONS).indexOf(station)],
): StationFrame {
  const sign = side === 0 ? 1 : -1;
  const L = params.lengths;
  const { crotchM } = columnHeightsM(params);
  const ox = params.rootOffsetM.x, oz = params.rootOffsetM.z;
  if (limb === 'leg') {
    const beta = (params.pose.legAbductionDeg * Math.PI) / 180;
    const axis: Vec3 = [sign * Math.sin(beta), -Math.cos(beta), 0];
    const lateral: Vec3 = [sign * Math.cos(beta), Math.sin(beta), 0];
    const scale = statureOf(params) / REFERENCE_STATURE_M;
    const y = station.segment === 'foot' ? fraction * scale : fraction * L.legM;
    // The leg axis runs from the hip joint (at crotch height) down and out; feet follow the ankle's x.
    const yOnAxis = Math.max(y, LEG_STATIONS[LEG_STATIONS.length - 4].fraction * L.legM);
    const x = ox + sign * (L.hipHalfWidthM + (crotchM - yOnAxis) * Math.tan(beta));
    if (station.segment === 'foot') {
      return { centerM: [x, y, oz + station.centerZM * scale], axis: [0, -1, 0], lateral: [sign, 0, 0], depth: [0, 0, 1] };
    }
    return { centerM: [x, y, oz], axis, lateral, depth: [0, 0, 1] };
  }
  const deg = Math.PI / 180;
  const { armAbductionDeg, armFlexionDeg = 0 } = params.pose;
  const { forearmAbductionDeg = armAbductionDeg, forearmFlexionDeg = armFlexionDeg } = params.pose;
  const joint = shoulderJointM(params, side);
  const upper = armAxes(sign, armAbductionDeg * deg, armFlexionDeg * deg);
  if (station.segment === 'upperArm' && fraction < 1) return { centerM: add(joint, upper.axis, fraction * L.upperArmM), ...upper };
  const elbow = add(joint, upper.axis, L.upperArmM);
  // The elbow ring bisects the bend; forearm and hand rings follow the forearm.
  if (station.segment === 'upperArm') {
    return { centerM: elbow, ...armAxes(sign, (armAbductionDeg + forearmAbductionDeg) * deg / 2, (armFlexionDeg + forearmFlexionDeg) * deg / 2) };
  }
  const fore = armAxes(sign, forearmAbductionDeg * deg, forearmFlexionDeg * deg);
  const along = station.segment === 'forearm' ? fraction * L.forearmM : L.forearmM + fraction * L.handM;
  return { centerM: add(elbow, fore.axis, along), ...fore };
}

/** Axis, lateral and depth of an arm segment abducted by `abduction` in the frontal plane and swung forward by `flexion` (radians). */
function armAxes(sign: number, abduction: number, flexion: number): Omit<StationFrame, 'centerM'> {
  const sa = Math.sin(abduction), ca = Math.cos(abduction), sf = Math.sin(flexion), cf = Math.cos(flexion);
  return {
    axis: [sign * sa * cf, -ca * cf, sf],
    lateral: [sign * ca, sa, 0],
    depth: [-sign * sa * sf, ca * sf, cf],
  };
}

const add = (a: Vec3, d: Vec3, t: number): Vec3 => [a[0] + d[0] * t, a[1] + d[1] * t, a[2] + d[2] * t];

/** Shoulder joint centre (m); side 0 = left. */
export function shoulderJointM(params: BodyModelParams, side: 0 | 1): Vec3 {
  const { crotchM } = columnHeightsM(params);
  const sign = side === 0 ? 1 : -1;
  return [params.rootOffsetM.x + sign * params.lengths.shoulderHalfWidthM, crotchM + SHOULDER_JOINT_FRACTION * params.lengths.torsoM,
    params.rootOffsetM.z + (params.lengths.shoulderForwardM ?? 0)];
}

/** The scale of a non-site station relative to the template: weighted ratios of the named girths. */
function ratioOf(params: BodyModelParams, sources: readonly (readonly [RatioSource, number])[]): number {
  let ratio = 0;
  for (const [source, weight] of sources) {
    if (source === 'head') ratio += weight * (params.lengths.headM / REFERENCE_PARAMS.lengths.headM);
    else if (source === 'stature') ratio += weight * (statureOf(params) / REFERENCE_STATURE_M);
    else ratio += weight * (params.girthsM[source] / REFERENCE_PARAMS.girthsM[source]);
  }
  return ratio;
}

/** Perimeter of the polygon through an ellipse with unit half-width and the given depth ratio, at the given parameter angles. */
function unitPolygonPerimeter(depthRatio: number, angles: Float64Array): number {
  let perimeter = 0;
  const n = angles.length;
  for (let k = 0; k < n; k++) {
    const a0 = angles[k], a1 = angles[(k + 1) % n];
    perimeter += Math.hypot(Math.cos(a1) - Math.cos(a0), depthRatio * (Math.sin(a1) - Math.sin(a0)));
  }
  return perimeter;
}

/** Half-width and half-depth (m) of a station ring whose vertices sit at `angles`. */
function ringSize(params: BodyModelParams, site: CircumferenceField | null, sources: LimbStation['ratioFromLeft'],
  halfWidthM: number, halfDepthM: number, angles: Float64Array): [number, number] {
  if (site) {
    const ratio = params.depthRatios[site];
    const halfWidth = params.girthsM[site] / unitPolygonPerimeter(ratio, angles);
    return [halfWidth, ratio * halfWidth];
  }
  const scale = ratioOf(params, sources);
  return [halfWidthM * scale, halfDepthM * scale];
}

function writeRing(out: Float32Array, ids: ArrayLike<number>, frame: StationFrame, halfWidthM: number, halfDepthM: number, angles: Float64Array): void {
  const [cx, cy, cz] = frame.centerM;
  for (let k = 0; k < ids.length; k++) {
    const c = Math.cos(angles[k]) * halfWidthM, s = Math.sin(angles[k]) * halfDepthM;
    const o = ids[k] * 3;
    out[o] = cx + c * frame.lateral[0] + s * frame.depth[0];
    out[o + 1] = cy + c * frame.lateral[1] + s * frame.depth[1];
    out[o + 2] = cz + c * frame.lateral[2] + s * frame.depth[2];
  }
}

/**
 * Parameter angles of a limb's rings: ring 0 follows the polar angles of the root loop around the
 * first ring's centre, later rings blend to evenly spaced angles, so the tube untwists smoothly.
 */
function limbAngles(positionsM: Float32Array, layout: LimbLayout, frame: StationFrame): Float64Array[] {
  const n = layout.ringSize;
  const root = new Float64Array(n);
  let previous = 0;
  for (let k = 0; k < n; k++) {
    const o = layout.rootLoop[k] * 3;
    const dx = positionsM[o] - frame.centerM[0], dy = positionsM[o + 1] - frame.centerM[1], dz = positionsM[o + 2] - frame.centerM[2];
    const u = dx * frame.lateral[0] + dy * frame.lateral[1] + dz * frame.lateral[2];
    const w = dx * frame.depth[0] + dy * frame.depth[1] + dz * frame.depth[2];
    let angle = Math.atan2(w, u);
    if (k > 0) while (angle - previous > Math.PI) angle -= 2 * Math.PI;
    if (k > 0) while (angle - previous < -Math.PI) angle += 2 * Math.PI;
    root[k] = angle;
    previous = angle;
  }
  const turn = root[n - 1] + (root[n - 1] - root[n - 2]) > root[0] ? 2 * Math.PI : -2 * Math.PI;
  const blends = [0.45, 0.8];
  const result: Float64Array[] = [];
  for (let r = 0; r < layout.ringCount; r++) {
    const blend = blends[r] ?? 1;
    const angles = new Float64Array(n);
    for (let k = 0; k < n; k++) angles[k] = (1 - blend) * root[k] + blend * (root[0] + (turn * k) / n);
    result.push(angles);
  }
  return result;
}

const torsoAngles = Float64Array.from({ length: TORSO_COLUMNS }, (_, i) => Math.PI / 2 - (2 * Math.PI * i) / TORSO_COLUMNS);

/**
 * Generates the body surface for a parameter set on the fixed BODY_TOPOLOGY.
 * Output: metres, Y up, facing +Z, feet at y = 0, body's left at +X.
 */
export function generateBody(params: BodyModelParams): BodyMesh {
  const T = BODY_TOPOLOGY;
  const positionsM = new Float32Array(T.vertexCount * 3);
  const K = TORSO_COLUMNS;
  const columnIds = new Int32Array(K);
  const levelIds: number[] = [];
  const levelAngles: number[] = [];
  // Torso column: column 0 at the front centre (+Z), columns run towards +X (angle measured from +X towards +Z).
  const layout = torsoLayout(params);
  TORSO_STATIONS.forEach((station, level) => {
    const frame = torsoStationFrame(params, station, layout.fractions[level], layout.siteOfLevel[level]);
    const [halfWidth, halfDepth] = ringSize(params, layout.siteOfLevel[level], station.ratioFrom, station.halfWidthM, station.halfDepthM, torsoAngles);
    levelIds.length = 0; levelAngles.length = 0;
    for (let column = 0; column < K; column++) {
      columnIds[column] = T.torso[level * K + column];
      if (columnIds[column] < 0) continue;
      levelIds.push(columnIds[column]);
      levelAngles.push(torsoAngles[column]);
    }
    writeRing(positionsM, levelIds, frame, halfWidth, halfDepth, Float64Array.from(levelAngles));
  });
  const stature = statureOf(params);
  const crown = torsoStationFrame(params, TORSO_STATIONS[TORSO_STATIONS.length - 1]);
  positionsM.set([crown.centerM[0], stature, crown.centerM[2]], T.crownPole * 3);

  // Crotch bridge: straight front-to-back across the crotch ring, sagging slightly in the middle.
  const crotchFront = T.torso[0] * 3, crotchBack = T.torso[K / 2] * 3;
  for (let k = 0; k < BRIDGE_VERTICES; k++) {
    const s = (k + 1) / (BRIDGE_VERTICES + 1);
    const o = T.bridge[k] * 3;
    positionsM[o] = params.rootOffsetM.x;
    positionsM[o + 1] = positionsM[crotchFront + 1] - CROTCH_SAG_FRACTION * stature * Math.sin(Math.PI * s);
    positionsM[o + 2] = (1 - s) * positionsM[crotchFront + 2] + s * positionsM[crotchBack + 2];
  }

  for (const [limb, stations, layouts] of [['leg', LEG_STATIONS, T.legs], ['arm', ARM_STATIONS, T.arms]] as const) {
    for (const side of [0, 1] as const) {
      const layout = layouts[side];
      const chain = limbLayout(params, limb, side);
      const frames = stations.map((station, r) => limbStationFrame(params, limb, side, station, chain.fractions[r]));
      const angles = limbAngles(positionsM, layout, frames[0]);
      stations.forEach((station, r) => {
        const site = chain.siteOfLevel[r];
        const sources = side === 0 ? station.ratioFromLeft : station.ratioFromRight;
        const [halfWidth, halfDepth] = ringSize(params, site, sources, station.halfWidthM, station.halfDepthM, angles[r]);
        writeRing(positionsM, layout.rings.subarray(r * layout.ringSize, (r + 1) * layout.ringSize), frames[r], halfWidth, halfDepth, angles[r]);
      });
      positionsM.set(limbPole(params, limb, side), layout.pole * 3);
    }
  }
  return { positionsM, indices: T.indices };
}

function limbPole(params: BodyModelParams, limb: 'leg' | 'arm', side: 0 | 1): Vec3 {
  const last = limb === 'leg' ? LEG_STATIONS[LEG_STATIONS.length - 1] : ARM_STATIONS[ARM_STATIONS.length - 1];
  const frame = limbStationFrame(params, limb, side, last);
  if (limb === 'leg') {
    const scale = statureOf(params) / REFERENCE_STATURE_M;
    return [frame.centerM[0], 0, params.rootOffsetM.z + SOLE_POLE_Z_M * scale];
  }
  const rest = (1 - last.fraction) * params.lengths.handM;
  return [frame.centerM[0] + frame.axis[0] * rest, frame.centerM[1] + frame.axis[1] * rest, frame.centerM[2] + frame.axis[2] * rest];
}
