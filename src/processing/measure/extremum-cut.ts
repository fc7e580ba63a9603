/**
 * A girth defined as an extremum (the site table's `extremum`: narrowest or widest), cut at the
 * vertex of a parabola through nearby cuts. Frame: canonical, m.
 */
import type { CutContext, CutRequest } from './girth-cut.ts';
import { measureGirth } from './girth-cut.ts';
import { girthSite } from './girth-sites.ts';

/**
 * The request's girth as its site defines it: an extremum site (girth-sites.ts `extremum`) by
 * bestOfNearbyCuts, any other site cut on the request's plane. ctx: the capture's or the fitted
 * model's cut context.
 */
export function siteGirthCut(ctx: CutContext, req: CutRequest): ReturnType<typeof measureGirth> {
  const extremum = girthSite(req.field).extremum;
  return extremum ? bestOfNearbyCuts(ctx, req, extremum === 'max' ? 1 : -1) : measureGirth(ctx, req);
}

/** The request's plane moved `offsetM` (m) along its normal. */
export function requestAlongNormal(req: CutRequest, offsetM: number): CutRequest {
  return { ...req, point: [req.point[0] + offsetM * req.normal[0], req.point[1] + offsetM * req.normal[1], req.point[2] + offsetM * req.normal[2]] };
}

/**
 * Extremum sites (the table's `extremum`): the landmark search works on a cheap slice proxy, so
 * five real cuts 4 mm apart along the plane normal are fitted with a parabola and the girth is cut
 * again at its vertex (the definition applied to the tape itself; taking the best of the five
 * would bias noisy clouds toward the extreme).
 */
export function bestOfNearbyCuts(ctx: CutContext, req: CutRequest, sign: 1 | -1): ReturnType<typeof measureGirth> {
  const step = 0.004;
  const at = (offset: number) => measureGirth(ctx, requestAlongNormal(req, offset));
  const ks: number[] = [], values: number[] = [];
  for (let k = -2; k <= 2; k++) {
    const cut = at(step * k);
    if (cut) { ks.push(k); values.push(cut.site.perimeterM); }
  }
  if (ks.length < 3) return at(0);
  // Least-squares parabola v = a + b·k + c·k² through the cuts; vertex where sign·c < 0.
  let s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, t0 = 0, t1 = 0, t2 = 0;
  ks.forEach((k, i) => { const v = values[i]; s0++; s1 += k; s2 += k * k; s3 += k ** 3; s4 += k ** 4; t0 += v; t1 += k * v; t2 += k * k * v; });
  const det = s0 * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2);
  let vertex = 0;
  if (Math.abs(det) > 1e-12) {
    const b = (s0 * (t1 * s4 - s3 * t2) - t0 * (s1 * s4 - s3 * s2) + s2 * (s1 * t2 - t1 * s2)) / det;
    const c = (s0 * (s2 * t2 - t1 * s3) - s1 * (s1 * t2 - t1 * s2) + t0 * (s1 * s3 - s2 * s2)) / det;
    if (sign * c < 0) vertex = Math.max(-2, Math.min(2, -b / (2 * c)));
    else vertex = ks[values.reduce((best, v, i) => (sign * v > sign * values[best] ? i : best), 0)];
  }
  return at(step * vertex);
}
