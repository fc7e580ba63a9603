/**
 * How much of a tape ring runs over observed surface. A girth ring (the convex hull of a cut) can
 * span an angular gap where the cut's own surface was not seen: an arm resting on the torso hides
 * the torso's side, a capture has a hole. The hull bridges such a gap in a straight line, as a
 * tape does; this module says what fraction of the ring's length was bridged.
 *
 * Method: the cut's points are binned by angle around the hull's vertex centroid (bins sized so a
 * bin holds ~4 points on average, 24..180 bins); each hull edge is walked in 8 steps and a step
 * whose midpoint's bin holds no point counts as bridged. Plane coordinates (u, v), metres.
 */
import { polarBin } from './polar.ts';

/**
 * Fraction (0..1) of the hull's perimeter over angles where the cut has points.
 * hull: h vertices (u, v interleaved); points: n cut points (u, v interleaved).
 */
export function observedFraction(hull: ArrayLike<number>, h: number, points: ArrayLike<number>, n: number): number {
  return ringShares(hull, h, points, n).observed;
}

/**
 * Shares (0..1) of the hull's perimeter over observed angles (bins holding cut points) and over
 * filled angles (no cut point, but a point filled in from the fitted model: cut-completion.ts);
 * the rest is bridged by straight chords. Bins are sized from the observed points as above.
 */
export function ringShares(
  hull: ArrayLike<number>, h: number, points: ArrayLike<number>, n: number, filled: ArrayLike<number> = [], m = 0,
): { observed: number; filled: number } {
  if (h < 3 || n < 3) return { observed: 0, filled: 0 };
  let cu = 0, cv = 0;
  for (let k = 0; k < h; k++) { cu += hull[2 * k]; cv += hull[2 * k + 1]; }
  cu /= h; cv /= h;
  const bins = Math.max(24, Math.min(180, Math.floor(n / 4)));
  // 1: observed; 2: filled only.
  const occupied = new Uint8Array(bins);
  for (let i = 0; i < m; i++) occupied[polarBin(filled[2 * i] - cu, filled[2 * i + 1] - cv, bins)] = 2;
  for (let i = 0; i < n; i++) occupied[polarBin(points[2 * i] - cu, points[2 * i + 1] - cv, bins)] = 1;
  const steps = 8;
  let total = 0, seen = 0, fill = 0;
  for (let k = 0; k < h; k++) {
    const j = k + 1 === h ? 0 : k + 1;
    const au = hull[2 * k], av = hull[2 * k + 1], du = hull[2 * j] - au, dv = hull[2 * j + 1] - av;
    const step = Math.sqrt(du * du + dv * dv) / steps;
    for (let q = 0; q < steps; q++) {
      const t = (q + 0.5) / steps;
      total += step;
      const state = occupied[polarBin(au + t * du - cu, av + t * dv - cv, bins)];
      if (state === 1) seen += step; else if (state === 2) fill += step;
    }
  }
  return total > 0 ? { observed: seen / total, filled: fill / total } : { observed: 0, filled: 0 };
}
