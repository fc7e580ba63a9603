/**
 * A generalised cylinder: elliptical sections along a straight axis. Every part of the synthetic
 * body (torso with head, arms, legs, feet) is one such closed tube. Ellipses are convex, so the
 * tape girth of a section equals its perimeter, which is known exactly (ellipse-perimeter.ts).
 *
 * Section semi-axes follow keyframes joined by smoothstep (zero slope at every keyframe): each
 * keyframe is a local plateau of the girth profile, so extremum sites (waist = min, hips = max) sit
 * exactly on keyframes and small errors in locating a site change its girth only to second order.
 * 'dome' ends close the tube with an elliptical profile a·sqrt(1 − u²) (head top, fingertips).
 */
import type { Vec3 } from '../geometry/pca.ts';

export interface TubeProfile {
  /** Keyframe positions along the axis (m from the tube origin), increasing. */
  t: number[];
  /** Semi-axis along e1 at each keyframe (m). */
  a: number[];
  /** Semi-axis along e2 at each keyframe (m). */
  b: number[];
  /** Offset of the section centre along e2 at each keyframe (m), e.g. a belly bulging forward. */
  off: number[];
  /** How each end closes: flat cap (disc) or dome (the first/last keyframe then has a = b = 0). */
  startCap: 'flat' | 'dome';
  endCap: 'flat' | 'dome';
}

export interface Tube {
  name: string;
  /** Point on the axis at t = 0 (m, canonical frame). */
  origin: Vec3;
  /** Unit axis direction. */
  axis: Vec3;
  /** Section plane axes (unit, orthogonal). For 'horizontal' tubes e1 = +X, e2 = +Z. */
  e1: Vec3;
  e2: Vec3;
  /** 'perpendicular': sections in planes normal to the axis; 'horizontal': sections in y = const planes (a sheared tube). */
  sections: 'perpendicular' | 'horizontal';
  profile: TubeProfile;
}

export interface SectionAt {
  a: number;
  b: number;
  off: number;
}

function smoothstep(s: number): number {
  return s * s * (3 - 2 * s);
}

/** Semi-axes and centre offset (m) at axial position t (m). */
export function sectionAt(profile: TubeProfile, t: number, out: SectionAt = { a: 0, b: 0, off: 0 }): SectionAt {
  const ts = profile.t;
  const last = ts.length - 1;
  if (t <= ts[0]) return set(out, profile, 0, 0, 1);
  if (t >= ts[last]) return set(out, profile, last, last, 0);
  let k = 0;
  while (k < last - 1 && t > ts[k + 1]) k++;
  const u = (t - ts[k]) / (ts[k + 1] - ts[k]);
  if (k === 0 && profile.startCap === 'dome') {
    const f = Math.sqrt(Math.max(0, 1 - (1 - u) * (1 - u)));
    out.a = profile.a[1] * f; out.b = profile.b[1] * f; out.off = profile.off[1];
    return out;
  }
  if (k === last - 1 && profile.endCap === 'dome') {
    const f = Math.sqrt(Math.max(0, 1 - u * u));
    out.a = profile.a[k] * f; out.b = profile.b[k] * f; out.off = profile.off[k];
    return out;
  }
  const w = smoothstep(u);
  out.a = profile.a[k] + (profile.a[k + 1] - profile.a[k]) * w;
  out.b = profile.b[k] + (profile.b[k + 1] - profile.b[k]) * w;
  out.off = profile.off[k] + (profile.off[k + 1] - profile.off[k]) * w;
  return out;
}

function set(out: SectionAt, p: TubeProfile, i: number, j: number, w: number): SectionAt {
  out.a = p.a[i] * w + p.a[j] * (1 - w);
  out.b = p.b[i] * w + p.b[j] * (1 - w);
  out.off = p.off[i] * w + p.off[j] * (1 - w);
  return out;
}

/** Axial extent [t0, t1] of the tube (m). */
export function tubeRange(tube: Tube): [number, number] {
  const ts = tube.profile.t;
  return [ts[0], ts[ts.length - 1]];
}

/**
 * Surface point at axial position t and section angle theta (canonical frame, m), written into out.
 * Horizontal tubes keep their section in the y = const plane through the axis point.
 */
export function surfacePoint(tube: Tube, t: number, theta: number, out: Vec3, scratch: SectionAt): Vec3 {
  const s = sectionAt(tube.profile, t, scratch);
  const cx = tube.origin[0] + tube.axis[0] * t;
  const cy = tube.origin[1] + tube.axis[1] * t;
  const cz = tube.origin[2] + tube.axis[2] * t;
  const u = s.a * Math.cos(theta);
  const v = s.b * Math.sin(theta) + s.off;
  out[0] = cx + u * tube.e1[0] + v * tube.e2[0];
  out[1] = cy + u * tube.e1[1] + v * tube.e2[1];
  out[2] = cz + u * tube.e1[2] + v * tube.e2[2];
  return out;
}

/**
 * Exact enclosed volume (m³) by Cavalieri: ∫ π a(t) b(t) dt along the section-plane normal.
 * For horizontal (sheared) tubes the slab thickness is dy = axis_y · dt. Composite Simpson with a
 * fine step plus a sqrt-aware substitution in dome segments keeps it within ~1e-9 relative.
 */
export function tubeVolume(tube: Tube): number {
  const p = tube.profile;
  const scratch: SectionAt = { a: 0, b: 0, off: 0 };
  const scale = tube.sections === 'horizontal' ? Math.abs(tube.axis[1]) : 1;
  let total = 0;
  for (let k = 0; k + 1 < p.t.length; k++) {
    const t0 = p.t[k], t1 = p.t[k + 1];
    const dome = (k === 0 && p.startCap === 'dome') || (k === p.t.length - 2 && p.endCap === 'dome');
    if (dome) {
      // a·b ∝ (1 − u²) in the dome: exact integral is (2/3) of the full-section slab.
      const inner = k === 0 ? 1 : k;
      total += Math.PI * p.a[inner] * p.b[inner] * (t1 - t0) * (2 / 3);
      continue;
    }
    const steps = 400;
    const h = (t1 - t0) / steps;
    let acc = 0;
    for (let i = 0; i <= steps; i++) {
      const s = sectionAt(p, t0 + i * h, scratch);
      const w = i === 0 || i === steps ? 1 : i % 2 === 1 ? 4 : 2;
      acc += w * s.a * s.b;
    }
    total += Math.PI * acc * h / 3;
  }
  return total * scale;
}

/**
 * Axial positions of the mesh rings: uniform steps of about stepM in smooth segments; in dome
 * segments rings follow the dome angle (u = 1 − cos φ) so the cap is sampled evenly in arc length.
 * The dome apex itself is not a ring (it becomes a single vertex).
 */
export function ringPositions(profile: TubeProfile, stepM: number): number[] {
  const out: number[] = [];
  const ts = profile.t;
  const last = ts.length - 1;
  for (let k = 0; k < last; k++) {
    const t0 = ts[k], t1 = ts[k + 1], len = t1 - t0;
    const startDome = k === 0 && profile.startCap === 'dome';
    const endDome = k === last - 1 && profile.endCap === 'dome';
    const m = Math.max(2, Math.ceil(len / stepM));
    if (startDome || endDome) {
      const domeRings = Math.max(6, Math.ceil((Math.PI / 2) * len / stepM));
      for (let j = startDome ? 1 : 0; j <= (endDome ? domeRings - 1 : domeRings); j++) {
        const phi = (Math.PI / 2) * j / domeRings;
        const t = startDome ? t0 + len * (1 - Math.cos(phi)) : t0 + len * Math.sin(phi);
        if (out.length === 0 || t > out[out.length - 1] + 1e-9) out.push(t);
      }
    } else {
      for (let j = 0; j <= m; j++) {
        const t = t0 + len * j / m;
        if (out.length === 0 || t > out[out.length - 1] + 1e-9) out.push(t);
      }
    }
  }
  return out;
}
