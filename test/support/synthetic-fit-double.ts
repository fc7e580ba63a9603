/**
 * TEST DOUBLE: stands in for the posable body model's fit (fitPosableModel, issue 10) in the
 * measuring tests, built from the synthetic body's ground truth instead of fitting anything. It
 * labels each capture point with the body part of the synthetic tube it lies on (nearest tube
 * surface; torso above 83% of stature is 'head'; arm tubes split at the elbow and just below the
 * wrist; leg tubes at the knee) and gives the bones from the tubes' axes (joints at the truth
 * landmarks). The production path calls the real fitter; this double only lets the measuring be
 * tested while, and independently of, the fit being built.
 *
 * It assumes the canonical frame the measurer hands it equals the synthetic body's own frame
 * (metres, y up, facing +Z, left +X, soles at y = 0), which holds for every transform the
 * invariance tests apply (to the canonicalisation's few millimetres).
 *
 * Also here: hideContact, which removes the cloud points a scanner could not see because they lie
 * inside another body part (the torso's side under an arm pressed against it).
 */
import type { CaptureGeometry } from '../../src/domain/capture-geometry.ts';
import type { BodyPart, ModelFit } from '../../src/processing/body-model/posable-model-types.ts';
import { BODY_PARTS, NO_PART } from '../../src/processing/body-model/posable-model-types.ts';
import type { Vec3 } from '../../src/processing/geometry/pca.ts';
import type { BodyFitter } from '../../src/processing/measure/measure-body.ts';
import type { SyntheticBody } from '../../src/processing/synthetic-body/generate.ts';
import type { SectionAt, Tube } from '../../src/processing/synthetic-body/tube.ts';
import { sectionAt } from '../../src/processing/synthetic-body/tube.ts';

/** Labels farther than this from every tube surface are NO_PART (floor, flyers), m. */
const MAX_LABEL_DISTANCE_M = 0.03;

interface TubeHit {
  /** Distance to the tube's surface (m, approximate near dome tips). */
  distance: number;
  /** Axial parameter (m; legs: height y). */
  t: number;
  inside: boolean;
}

/** Distance of p from a tube's surface, through its elliptical section at p's axial position. */
function tubeHit(tube: Tube, x: number, y: number, z: number, scratch: SectionAt): TubeHit {
  const [t0, t1] = [tube.profile.t[0], tube.profile.t[tube.profile.t.length - 1]];
  const o = tube.origin, ax = tube.axis;
  const t = tube.sections === 'horizontal' ? (y - o[1]) / ax[1] : (x - o[0]) * ax[0] + (y - o[1]) * ax[1] + (z - o[2]) * ax[2];
  const tc = Math.min(t1, Math.max(t0, t));
  const s = sectionAt(tube.profile, tc, scratch);
  const cx = o[0] + ax[0] * tc, cy = o[1] + ax[1] * tc, cz = o[2] + ax[2] * tc;
  const dx = x - cx, dy = y - cy, dz = z - cz;
  const u = dx * tube.e1[0] + dy * tube.e1[1] + dz * tube.e1[2];
  const v = dx * tube.e2[0] + dy * tube.e2[1] + dz * tube.e2[2] - s.off;
  const r = Math.hypot(u, v);
  let rEllipse = 0;
  if (s.a > 1e-6 && s.b > 1e-6 && r > 0) {
    const c = u / r, sn = v / r;
    rEllipse = (s.a * s.b) / Math.sqrt((s.b * c) ** 2 + (s.a * sn) ** 2);
  }
  const overshoot = tube.sections === 'horizontal' ? (t - tc) * ax[1] : t - tc;
  const radial = r - rEllipse;
  const inside = overshoot === 0 && radial < 0;
  const distance = overshoot === 0 ? Math.abs(radial) : Math.hypot(Math.max(0, radial), overshoot);
  return { distance, t, inside };
}

/** Body part of a point on tube `name` at axial parameter t (legs: height). */
function partOf(body: SyntheticBody, name: string, t: number, y: number): BodyPart {
  const shape = body.model.shape;
  const side = /Left$/.test(name) ? 'Left' : 'Right';
  if (name === 'torso') return y > 0.83 * shape.heightM ? 'head' : 'torso';
  if (name.startsWith('arm')) return `${t < shape.elbowSM ? 'upperArm' : t < shape.wristSM + 0.015 ? 'forearm' : 'hand'}${side}` as BodyPart;
  if (name.startsWith('leg')) return `${y > shape.kneeYM ? 'thigh' : 'shin'}${side}` as BodyPart;
  return `foot${side}` as BodyPart;
}

/** Bones in BODY_PARTS order (bone i has part i), from the tubes' axes and the truth joints. */
function bones(body: SyntheticBody): { heads: Float32Array; tails: Float32Array } {
  const { model } = body, shape = model.shape, H = shape.heightM;
  const along = (tube: Tube, t: number): Vec3 => [tube.origin[0] + tube.axis[0] * t, tube.origin[1] + tube.axis[1] * t, tube.origin[2] + tube.axis[2] * t];
  const atY = (tube: Tube, y: number) => along(tube, (y - tube.origin[1]) / tube.axis[1]);
  const tipS = model.arms.left.profile.t[model.arms.left.profile.t.length - 1];
  const footLen = model.feet.left.profile.t[model.feet.left.profile.t.length - 1];
  const segments: Record<BodyPart, [Vec3, Vec3]> = {
    torso: [[0, shape.crotchYM, 0], [0, shape.armApexYM, 0]],
    head: [[0, 0.835 * H, 0], [0, H, 0]],
    upperArmLeft: [along(model.arms.left, 0), along(model.arms.left, shape.elbowSM)],
    forearmLeft: [along(model.arms.left, shape.elbowSM), along(model.arms.left, shape.wristSM)],
    handLeft: [along(model.arms.left, shape.wristSM), along(model.arms.left, tipS)],
    upperArmRight: [along(model.arms.right, 0), along(model.arms.right, shape.elbowSM)],
    forearmRight: [along(model.arms.right, shape.elbowSM), along(model.arms.right, shape.wristSM)],
    handRight: [along(model.arms.right, shape.wristSM), along(model.arms.right, tipS)],
    thighLeft: [atY(model.legs.left, shape.crotchYM), atY(model.legs.left, shape.kneeYM)],
    shinLeft: [atY(model.legs.left, shape.kneeYM), atY(model.legs.left, 0.04 * H)],
    footLeft: [along(model.feet.left, 0), along(model.feet.left, footLen)],
    thighRight: [atY(model.legs.right, shape.crotchYM), atY(model.legs.right, shape.kneeYM)],
    shinRight: [atY(model.legs.right, shape.kneeYM), atY(model.legs.right, 0.04 * H)],
    footRight: [along(model.feet.right, 0), along(model.feet.right, footLen)],
  };
  const heads = new Float32Array(3 * BODY_PARTS.length), tails = new Float32Array(3 * BODY_PARTS.length);
  BODY_PARTS.forEach((part, i) => { heads.set(segments[part][0], 3 * i); tails.set(segments[part][1], 3 * i); });
  return { heads, tails };
}

/** The fit double of one synthetic body (see the module comment). */
export function syntheticFitDouble(body: SyntheticBody): BodyFitter {
  const bonePart = Uint8Array.from(BODY_PARTS.map((_, i) => i));
  return {
    bonePart,
    fit(pointsM: Float32Array, count: number): ModelFit {
      const scratch: SectionAt = { a: 0, b: 0, off: 0 };
      const pointPart = new Uint8Array(count).fill(NO_PART);
      const sum = new Float64Array(BODY_PARTS.length), n = new Float64Array(BODY_PARTS.length);
      let total = 0, totalCount = 0;
      for (let i = 0; i < count; i++) {
        const x = pointsM[3 * i], y = pointsM[3 * i + 1], z = pointsM[3 * i + 2];
        let best: TubeHit | null = null, bestTube: Tube | null = null;
        for (const tube of body.model.all) {
          const hit = tubeHit(tube, x, y, z, scratch);
          if (!best || hit.distance < best.distance) { best = hit; bestTube = tube; }
        }
        if (!best || !bestTube || best.distance > MAX_LABEL_DISTANCE_M) continue;
        const part = BODY_PARTS.indexOf(partOf(body, bestTube.name, best.t, y));
        pointPart[i] = part;
        sum[part] += best.distance ** 2; n[part]++;
        total += best.distance ** 2; totalCount++;
      }
      const { heads, tails } = bones(body);
      const partResidualRmsMm = Object.fromEntries(BODY_PARTS.map((part, i) => [part, n[i] > 0 ? 1000 * Math.sqrt(sum[i] / n[i]) : NaN])) as Record<BodyPart, number>;
      return {
        params: { shape: new Float32Array(0), pose: new Float32Array(3 * BODY_PARTS.length), rootRotation: new Float32Array(3), rootTranslationM: new Float32Array(3) },
        posed: { positionsM: new Float32Array(0), boneHeadM: heads, boneTailM: tails },
        pointPart,
        residualRmsMm: totalCount > 0 ? 1000 * Math.sqrt(total / totalCount) : Infinity,
        coverage: 1,
        partResidualRmsMm,
        iterations: 0,
      };
    },
  };
}

/**
 * The cloud a scanner would see: points lying inside another tube than their nearest one by more
 * than `marginM` (the torso's side under an arm pressed into it, the arm's inner side inside the
 * torso) are removed. Canonical (synthetic) frame.
 */
export function hideContact(body: SyntheticBody, cloud: CaptureGeometry, marginM = 0.001): CaptureGeometry {
  const p = cloud.positions, count = p.length / 3;
  const scratch: SectionAt = { a: 0, b: 0, off: 0 };
  const kept = new Float32Array(p.length);
  let m = 0;
  for (let i = 0; i < count; i++) {
    const x = p[3 * i], y = p[3 * i + 1], z = p[3 * i + 2];
    // The point's own surface is its nearest tube (noise puts half the points inside it).
    const hits = body.model.all.map((tube) => tubeHit(tube, x, y, z, scratch));
    let own = 0;
    for (let k = 1; k < hits.length; k++) if (hits[k].distance < hits[own].distance) own = k;
    const hidden = hits.some((hit, k) => k !== own && hit.inside && hit.distance > marginM);
    if (hidden) continue;
    kept[m++] = x; kept[m++] = y; kept[m++] = z;
  }
  return { ...cloud, positions: kept.slice(0, m) };
}
