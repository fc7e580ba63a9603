/**
 * Bent elbows: real arms are two segments (upper arm, forearm), often with the forearm turned
 * forward, so one straight axis misplaces every arm site. The arm's centreline is the sequence of
 * its slice-loop centroids (the centroid of a tube's oblique cut lies on its axis); a two-segment
 * line fit over every split in the upper half of that sequence finds the bend (three lines when the
 * hand is turned away from the forearm: the elbow is then the first joint). The arm is called bent when two lines
 * fit at least twice as well as one and meet at more than 12°; the elbow is then the midpoint of
 * the two lines' closest approach. Straight arms keep the single PCA axis (limb-axes.ts).
 * Canonical frame, metres.
 */
import type { Vec3 } from '../geometry/pca.ts';
import { cross, dot, normalize, symmetricEigen3 } from '../geometry/pca.ts';
import type { Loop, SliceStack } from './slices.ts';
import { sliceOf, sliceY } from './slices.ts';

export interface Line {
  point: Vec3;
  dir: Vec3;
}

export interface ArmBend {
  upper: Line;
  fore: Line;
  elbow: Vec3;
}

function fitLine(c: number[][], from: number, to: number): { line: Line; residual: number } {
  let w = 0;
  const m: Vec3 = [0, 0, 0];
  for (let i = from; i < to; i++) { w += c[i][3]; for (let k = 0; k < 3; k++) m[k] += c[i][3] * c[i][k]; }
  for (let k = 0; k < 3; k++) m[k] /= w;
  const cov = new Float64Array(9);
  for (let i = from; i < to; i++) {
    const d = [c[i][0] - m[0], c[i][1] - m[1], c[i][2] - m[2]];
    for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) cov[3 * a + b] += c[i][3] * d[a] * d[b];
  }
  const { values, vectors } = symmetricEigen3(cov);
  let dir = vectors[0];
  if (dir[1] > 0) dir = [-dir[0], -dir[1], -dir[2]];
  return { line: { point: m, dir }, residual: values[1] + values[2] };
}

/** Closest-approach midpoint of two lines. */
function meetPoint(a: Line, b: Line): Vec3 {
  const w: Vec3 = [a.point[0] - b.point[0], a.point[1] - b.point[1], a.point[2] - b.point[2]];
  const aa = dot(a.dir, a.dir), bb = dot(b.dir, b.dir), ab = dot(a.dir, b.dir);
  const denom = aa * bb - ab * ab;
  if (denom < 1e-9) return a.point;
  const s = (ab * dot(b.dir, w) - bb * dot(a.dir, w)) / denom;
  const t = (aa * dot(b.dir, w) - ab * dot(a.dir, w)) / denom;
  return [
    0.5 * (a.point[0] + s * a.dir[0] + b.point[0] + t * b.dir[0]),
    0.5 * (a.point[1] + s * a.dir[1] + b.point[1] + t * b.dir[1]),
    0.5 * (a.point[2] + s * a.dir[2] + b.point[2] + t * b.dir[2]),
  ];
}

export function findArmBend(stack: SliceStack, loops: (Loop | null)[], handBottomY: number, armpitY: number): ArmBend | null {
  // Centroids from the top down (index 0 = nearest the armpit).
  const c: number[][] = [];
  for (let s = sliceOf(stack, armpitY - 0.02); s >= sliceOf(stack, handBottomY); s--) {
    const l = loops[s];
    if (l && l.count >= 12) c.push([l.cx, sliceY(stack, s), l.cz, l.count]);
  }
  if (c.length < 12) return null;
  const single = fitLine(c, 0, c.length).residual;
  const n = c.length;
  const fit = (from: number, to: number) => fitLine(c, from, to).residual;
  // The three-line search reuses its first and last segments' fits: fit(0, k) once per k, and
  // fit(k2, n) once per k2 whatever k (cached), so only the middle segment is fitted per pair.
  const tailFit = new Float64Array(n + 1).fill(NaN);
  const fitToEnd = (from: number) => (Number.isNaN(tailFit[from]) ? (tailFit[from] = fit(from, n)) : tailFit[from]);
  // Two lines with the elbow split in the upper half (20–50% from the armpit: below the armpit the
  // upper arm is shorter than forearm plus hand; a lower split finds the wrist of a turned hand, and
  // the "upper arm" line would then run through the forearm), and three lines (upper arm, forearm,
  // hand) with the same elbow range.
  let two: { k: number; residual: number } | null = null;
  let three: { k: number; k2: number; residual: number } | null = null;
  for (let k = Math.max(4, Math.floor(0.2 * n)); k <= Math.ceil(0.5 * n); k++) {
    if (n - k < 4) continue;
    const head = fit(0, k);
    const residual = head + fitToEnd(k);
    if (!two || residual < two.residual) two = { k, residual };
    for (let k2 = k + 4; k2 <= n - 4; k2++) {
      const residual3 = head + fit(k, k2) + fitToEnd(k2);
      if (!three || residual3 < three.residual) three = { k, k2, residual: residual3 };
    }
  }
  if (!two) return null;
  // A hand turned away from the forearm is a third segment: when three lines fit at least twice as
  // well as two, the elbow is their first joint and the forearm line ends at the wrist.
  const turnedHand = three !== null && three.residual <= 0.5 * two.residual;
  const best = turnedHand ? { k: three!.k, end: three!.k2, residual: two.residual } : { k: two.k, end: n, residual: two.residual };
  const upper = fitLine(c, 0, best.k).line, fore = fitLine(c, best.k, best.end).line;
  const angle = Math.acos(Math.min(1, Math.abs(dot(upper.dir, fore.dir))));
  if (best.residual > 0.5 * single || angle < (12 * Math.PI) / 180) return null;
  // The forearm's direction points away from the elbow (down the arm).
  const foreDir = normalize(fore.dir);
  if (!Number.isFinite(cross(upper.dir, foreDir)[0])) return null;
  return { upper, fore: { point: fore.point, dir: foreDir }, elbow: meetPoint(upper, fore) };
}
