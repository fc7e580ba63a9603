/**
 * Assembles the synthetic body from its keyframes: seven closed, non-overlapping tubes in the
 * canonical frame (m, Y up, facing +Z, body's left = +X, soles at y = 0):
 * torso+neck+head (vertical axis, horizontal sections), two legs (axes tilted outward, horizontal
 * sections, touching the torso's flat bottom at the crotch plane), two arms (A-pose, sections
 * perpendicular to the arm axis, domed at the shoulder and the fingertips), two feet pointing +Z.
 * Shells never overlap, so the body volume is the sum of the tube volumes.
 */
import type { Vec3 } from '../geometry/pca.ts';
import type { BodyShape, Keyframe } from './body-shape.ts';
import type { SectionAt, Tube, TubeProfile } from './tube.ts';
import { sectionAt, surfacePoint } from './tube.ts';

export interface BodyModel {
  shape: BodyShape;
  torso: Tube;
  legs: { left: Tube; right: Tube };
  arms: { left: Tube; right: Tube };
  feet: { left: Tube; right: Tube };
  all: Tube[];
}

function profileOf(keys: Keyframe[], startCap: 'flat' | 'dome', endCap: 'flat' | 'dome', toT = (p: number) => p): TubeProfile {
  return {
    t: keys.map((kf) => toT(kf[0])),
    a: keys.map((kf) => kf[1]),
    b: keys.map((kf) => kf[2]),
    off: keys.map((kf) => kf[3]),
    startCap,
    endCap,
  };
}

/** clearanceM: minimum gap between arms and torso (m); negative presses the arms into the torso. */
export function buildBodyModel(shape: BodyShape, clearanceM = 0.003): BodyModel {
  const yc = shape.crotchYM;
  const torso: Tube = {
    name: 'torso',
    origin: [0, 0, 0],
    axis: [0, 1, 0],
    e1: [1, 0, 0],
    e2: [0, 0, 1],
    sections: 'perpendicular',
    profile: profileOf(shape.torso, 'flat', 'dome'),
  };
  const legTop = shape.leg[shape.leg.length - 1];
  const topX = legTop[1] + shape.thighGapHalfM;
  const bottomX = topX + yc * Math.tan(shape.legTiltRad);
  const makeLeg = (side: 1 | -1): Tube => {
    const dir: Vec3 = [side * (topX - bottomX), yc, 0];
    const len = Math.hypot(dir[0], dir[1]);
    const axis: Vec3 = [dir[0] / len, dir[1] / len, 0];
    return {
      name: side > 0 ? 'legLeft' : 'legRight',
      origin: [side * bottomX, 0, 0],
      axis,
      e1: [1, 0, 0],
      e2: [0, 0, 1],
      sections: 'horizontal',
      profile: profileOf(shape.leg, 'flat', 'flat', (y) => y / axis[1]),
    };
  };
  const legs = { left: makeLeg(1), right: makeLeg(-1) };
  const makeFoot = (leg: Tube, side: 1 | -1): Tube => {
    const sole = sectionAt(leg.profile, 0);
    return {
      name: side > 0 ? 'footLeft' : 'footRight',
      origin: [leg.origin[0], 0, sole.off + sole.b],
      axis: [0, 0, 1],
      e1: [1, 0, 0],
      e2: [0, 1, 0],
      sections: 'perpendicular',
      profile: profileOf(shape.foot, 'dome', 'dome'),
    };
  };
  const feet = { left: makeFoot(legs.left, 1), right: makeFoot(legs.right, -1) };
  const arms = { left: placeArm(shape, torso, 1, clearanceM), right: placeArm(shape, torso, -1, clearanceM) };
  return { shape, torso, legs, arms, feet, all: [torso, legs.left, legs.right, arms.left, arms.right, feet.left, feet.right] };
}

/**
 * Arm tube for one side (+1 = body's left, +X). The apex x is pushed outward until every sampled
 * arm surface point clears the torso by `clearance` (3 mm by default), so the shells do not overlap.
 */
function placeArm(shape: BodyShape, torso: Tube, side: 1 | -1, clearance: number): Tube {
  const alpha = shape.armAngleRad;
  const axis: Vec3 = [side * Math.sin(alpha), -Math.cos(alpha), 0];
  const e1: Vec3 = [Math.cos(alpha), side * Math.sin(alpha), 0];
  const arm: Tube = {
    name: side > 0 ? 'armLeft' : 'armRight',
    origin: [0, shape.armApexYM, 0],
    axis,
    e1,
    e2: [0, 0, 1],
    sections: 'perpendicular',
    profile: profileOf(shape.arm, 'dome', 'dome'),
  };
  const torsoSection: SectionAt = { a: 0, b: 0, off: 0 };
  const armSection: SectionAt = { a: 0, b: 0, off: 0 };
  const point: Vec3 = [0, 0, 0];
  const sEnd = shape.arm[shape.arm.length - 1][0];
  let x = sectionAt(torso.profile, shape.armApexYM, torsoSection).a;
  for (let iter = 0; iter < 400; iter++) {
    arm.origin[0] = side * x;
    let worst = Infinity;
    for (let i = 0; i <= 120; i++) {
      const t = (sEnd * 0.5 * i) / 120;
      for (let j = 0; j < 48; j++) {
        surfacePoint(arm, t, (2 * Math.PI * j) / 48, point, armSection);
        const s = sectionAt(torso.profile, point[1], torsoSection);
        const dz = (point[2] - s.off) / s.b;
        if (s.a <= 0 || Math.abs(dz) >= 1) continue;
        const surfaceX = s.a * Math.sqrt(1 - dz * dz);
        worst = Math.min(worst, side * point[0] - surfaceX);
      }
    }
    if (worst >= clearance) break;
    x += Math.max(0.0005, clearance - worst);
  }
  return arm;
}
