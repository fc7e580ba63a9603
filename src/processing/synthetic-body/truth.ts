/**
 * Ground truth of a synthetic body: the 27 tape girths (m) at the sites methods.md defines, the
 * enclosed volume (m³) and the landmark positions, computed from the analytic tubes, never from the
 * meshes or point clouds the measurer sees.
 * - Torso girths are horizontal sections: exact ellipse perimeters (ellipse-perimeter.ts).
 * - Arm girths are sections perpendicular to the arm axis: exact ellipse perimeters.
 * - Leg girths (perpendicular to a tilted leg whose sections are horizontal) and the shoulder girth
 *   (torso plus the arms' tops) are oblique cuts: computed numerically as the convex hull of the
 *   exact plane cut of a 1024-around tessellation of the analytic surface (relative error ~1.6e-6).
 */
import type { CircumferenceField } from '../../domain/measurements.ts';
import { convexHull, makeHullScratch, polygonPerimeter } from '../geometry/convex-hull.ts';
import { ellipsePerimeter } from '../geometry/ellipse-perimeter.ts';
import type { Vec3 } from '../geometry/pca.ts';
import { cutMesh, makeFlatBuffer, makePlane, pushPair } from '../geometry/plane-cut.ts';
import type { Plane } from '../geometry/plane-cut.ts';
import type { BodyModel } from './body-model.ts';
import { LOWER_ARM_FRACTION, LOWER_CHEST_DROP_FRACTION, LOWER_THIGH_FRACTION, NAVEL_FRACTION, SHOULDER_DROP_FRACTION, UPPER_CHEST_FRACTION, UPPER_THIGH_FRACTION } from '../measure/site-rules.ts';
import type { Tube } from './tube.ts';
import { sectionAt, tubeVolume } from './tube.ts';
import { tessellateTube } from './tube-mesh.ts';

export interface SyntheticTruth {
  girthsM: Record<CircumferenceField, number>;
  volumeM3: number;
  statureM: number;
  /** Landmark heights (m) and arm axial positions used to place the sites. */
  landmarks: Record<string, number>;
}

/**
 * Convex-hull perimeter (m) of the exact cut of `tubes` by `plane`, tessellated finely (1024 around,
 * rings every 0.5 mm) within ±windowM of the plane point along each tube's axis. The inscribed
 * polygon's relative error is (2π/1024)²/24 ≈ 1.6e-6.
 */
export function numericCutPerimeter(tubes: Tube[], plane: Plane, windowM: number, extra?: Float64Array, centreT?: number): number {
  const buf = makeFlatBuffer(1 << 15);
  for (const tube of tubes) {
    const t0 = centreT ?? axialParameter(tube, plane.point);
    const mesh = tessellateTube(tube, 1024, 0.0005, { tMin: t0 - windowM, tMax: t0 + windowM });
    cutMesh(mesh.positions, mesh.indices, plane, buf);
  }
  if (extra) for (let i = 0; i + 1 < extra.length; i += 2) pushPair(buf, extra[i], extra[i + 1]);
  const count = buf.length / 2;
  const scratch = makeHullScratch(count);
  return polygonPerimeter(scratch.hull, convexHull(buf.data, count, scratch));
}

/** Axial coordinate (m) of the point on the tube axis nearest to p. */
function axialParameter(tube: Tube, p: Vec3): number {
  return (p[0] - tube.origin[0]) * tube.axis[0] + (p[1] - tube.origin[1]) * tube.axis[1] + (p[2] - tube.origin[2]) * tube.axis[2];
}

/** Point on a tube's axis at axial parameter t. */
export function axisPoint(tube: Tube, t: number): Vec3 {
  return [tube.origin[0] + tube.axis[0] * t, tube.origin[1] + tube.axis[1] * t, tube.origin[2] + tube.axis[2] * t];
}

function torsoGirthAt(model: BodyModel, y: number): number {
  const s = sectionAt(model.torso.profile, y);
  return ellipsePerimeter(s.a, s.b);
}

function armGirthAt(arm: Tube, s: number): number {
  const sec = sectionAt(arm.profile, s);
  return ellipsePerimeter(sec.a, sec.b);
}

/** Leg girth perpendicular to the leg axis through the axis point at height y (m). */
function legGirthAt(leg: Tube, y: number): number {
  const t = y / leg.axis[1];
  return numericCutPerimeter([leg], makePlane(axisPoint(leg, t), leg.axis), 0.015);
}

/** Height (m) of the maximum anterior (+Z) extent of the torso between two heights: the stomach site. */
function maxFrontY(model: BodyModel, y0: number, y1: number): number {
  let best = y0, bestFront = -Infinity;
  for (let i = 0; i <= 4000; i++) {
    const y = y0 + ((y1 - y0) * i) / 4000;
    const s = sectionAt(model.torso.profile, y);
    if (s.off + s.b > bestFront) { bestFront = s.off + s.b; best = y; }
  }
  return best;
}

/** Extremum of the torso girth over [y0, y1] by dense search (sign +1 max, −1 min). */
function torsoExtremumY(model: BodyModel, y0: number, y1: number, sign: 1 | -1): number {
  let best = y0, bestValue = -Infinity;
  for (let i = 0; i <= 4000; i++) {
    const y = y0 + ((y1 - y0) * i) / 4000;
    const v = sign * torsoGirthAt(model, y);
    if (v > bestValue) { bestValue = v; best = y; }
  }
  return best;
}

export function computeTruth(model: BodyModel): SyntheticTruth {
  const shape = model.shape;
  const H = shape.heightM;
  const kf = (i: number) => shape.torso[i][0];
  const crotchY = shape.crotchYM, kneeY = shape.kneeYM;
  const hipY = torsoExtremumY(model, crotchY, kf(4), 1);
  const chestY = torsoExtremumY(model, kf(5), kf(7), 1);
  const lowerChestY = chestY - LOWER_CHEST_DROP_FRACTION * H;
  const waistY = torsoExtremumY(model, hipY, lowerChestY, -1);
  // The rule (site-rules.ts) from the truth's own extrema: on obese profiles the waist keyframe is
  // not always the narrowest section, and the navel follows the natural waist, not the keyframe.
  const navelY = hipY + NAVEL_FRACTION * (waistY - hipY);
  const stomachY = maxFrontY(model, hipY, waistY);
  const neckY = torsoExtremumY(model, kf(10), kf(12), -1);
  const acromionY = shape.armApexYM;
  const upperChestY = chestY + UPPER_CHEST_FRACTION * (acromionY - chestY);
  const shoulderY = acromionY - SHOULDER_DROP_FRACTION * H;
  const torsoRing = new Float64Array(2 * 4096);
  const ts = sectionAt(model.torso.profile, shoulderY);
  for (let j = 0; j < 4096; j++) {
    const th = (2 * Math.PI * j) / 4096;
    torsoRing[2 * j] = ts.a * Math.cos(th);
    torsoRing[2 * j + 1] = ts.b * Math.sin(th) + ts.off;
  }
  // Express the torso ring in the cutting plane's own (u, v) basis, then add the arms' exact cuts.
  const shoulderPlane = makePlane([0, shoulderY, 0], [0, 1, 0]);
  const ringInPlane = new Float64Array(torsoRing.length);
  for (let j = 0; j < 4096; j++) {
    const x = torsoRing[2 * j], z = torsoRing[2 * j + 1];
    ringInPlane[2 * j] = x * shoulderPlane.u[0] + z * shoulderPlane.u[2];
    ringInPlane[2 * j + 1] = x * shoulderPlane.v[0] + z * shoulderPlane.v[2];
  }
  // The plane meets the arm's top within 12% of stature of the apex along the arm (any tilt).
  const shoulder = numericCutPerimeter([model.arms.left, model.arms.right], shoulderPlane, 0.12 * H, ringInPlane, 0);

  const legSites = (leg: Tube) => ({
    upper: legGirthAt(leg, crotchY - UPPER_THIGH_FRACTION * (crotchY - kneeY)),
    thigh: legGirthAt(leg, (crotchY + kneeY) / 2),
    lower: legGirthAt(leg, kneeY + LOWER_THIGH_FRACTION * (crotchY - kneeY)),
    calf: legGirthAt(leg, shape.leg[2][0]),
    ankle: legGirthAt(leg, shape.leg[1][0]),
  });
  const L = legSites(model.legs.left), R = legSites(model.legs.right);
  const elbowS = shape.elbowSM, wristS = shape.wristSM;
  const armSites = (arm: Tube) => ({
    mid: armGirthAt(arm, elbowS / 2),
    lower: armGirthAt(arm, elbowS + LOWER_ARM_FRACTION * (wristS - elbowS)),
    forearm: armGirthAt(arm, shape.arm[5][0]),
    wrist: armGirthAt(arm, wristS),
  });
  const AL = armSites(model.arms.left), AR = armSites(model.arms.right);
  const girthsM: Record<CircumferenceField, number> = {
    neckFit: torsoGirthAt(model, neckY),
    shoulderFit: shoulder,
    upperChestFit: torsoGirthAt(model, upperChestY),
    chestFit: torsoGirthAt(model, chestY),
    lowerChestFit: torsoGirthAt(model, lowerChestY),
    waistFit: torsoGirthAt(model, waistY),
    waistNavyFit: torsoGirthAt(model, navelY),
    stomachFit: torsoGirthAt(model, stomachY),
    hipsFit: torsoGirthAt(model, hipY),
    upperThighLeftFit: L.upper, upperThighRightFit: R.upper,
    thighLeftFit: L.thigh, thighRightFit: R.thigh,
    lowerThighLeftFit: L.lower, lowerThighRightFit: R.lower,
    calfLeftFit: L.calf, calfRightFit: R.calf,
    ankleLeftFit: L.ankle, ankleRightFit: R.ankle,
    midArmLeftFit: AL.mid, midArmRightFit: AR.mid,
    lowerArmLeftFit: AL.lower, lowerArmRightFit: AR.lower,
    forearmLeftFit: AL.forearm, forearmRightFit: AR.forearm,
    wristLeftFit: AL.wrist, wristRightFit: AR.wrist,
  };
  const volumeM3 = model.all.reduce((sum, tube) => sum + tubeVolume(tube), 0);
  return {
    girthsM,
    volumeM3,
    statureM: H,
    landmarks: {
      crotchY, kneeY, hipY, waistY, navelY, stomachY, chestY, lowerChestY, upperChestY, neckY, acromionY,
      elbowS, wristS, calfY: shape.leg[2][0], ankleY: shape.leg[1][0],
    },
  };
}
