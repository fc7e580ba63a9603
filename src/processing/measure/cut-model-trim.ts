/**
 * A bridged capture's cut trimmed to the fitted model's own cut of the same parts on the same plane
 * (CutRequest.modelTrimM): where a phone recording's fused surface closes the gap between the
 * thighs, the cut runs out across the gap, and the tape's hull with it (docs/measurements.md,
 * "Bridged thighs"). Plane coordinates (u, v), metres.
 */
import { cutMesh, makeFlatBuffer, type Plane } from '../geometry/plane-cut.ts';
import type { CutContext, CutRequest } from './girth-cut.ts';

/**
 * modelTrimM leaves at most this share of a cut's points out: a bridge across the gap between
 * the thighs is a small part of a thigh's cut (measured: docs/measurements.md, "Bridged thighs").
 */
const MAX_TRIMMED_SHARE = 0.3;

/**
 * Keeps the gathered cut points (ctx.buffer, plane coordinates, with their ctx.labels) within
 * req.modelTrimM of the fitted model's cut of the site's parts; returns how many are kept. Keeps
 * all when the model has no cut on this plane or when more than MAX_TRIMMED_SHARE of the points
 * would go: then the model, not a bridge, is what disagrees with the capture (a thigh the model's
 * shape space does not reach), and the capture is measured as it is.
 */
export function trimToModelCut(ctx: CutContext, plane: Plane, req: CutRequest, n: number): number {
  const raw = makeFlatBuffer(2048);
  cutMesh(ctx.completion!.positionsM, ctx.completion!.trianglesOf(req.field), plane, raw);
  const segments = raw.length / 4;
  if (segments < 3) return n;
  const d = raw.data, data = ctx.buffer.data;
  const limit2 = req.modelTrimM! * req.modelTrimM!;
  const near = new Uint8Array(n);
  let kept = 0;
  for (let i = 0; i < n; i++) {
    const u = data[2 * i], v = data[2 * i + 1];
    for (let s = 0; s < segments; s++) {
      const au = d[4 * s], av = d[4 * s + 1], eu = d[4 * s + 2] - au, ev = d[4 * s + 3] - av;
      const len2 = eu * eu + ev * ev;
      const t = len2 > 0 ? Math.max(0, Math.min(1, ((u - au) * eu + (v - av) * ev) / len2)) : 0;
      const du = u - au - t * eu, dv = v - av - t * ev;
      if (du * du + dv * dv <= limit2) { near[i] = 1; kept++; break; }
    }
  }
  if (kept < (1 - MAX_TRIMMED_SHARE) * n) return n;
  let k = 0;
  for (let i = 0; i < n; i++) {
    if (!near[i]) continue;
    data[2 * k] = data[2 * i]; data[2 * k + 1] = data[2 * i + 1]; ctx.labels[k] = ctx.labels[i];
    k++;
  }
  ctx.buffer.length = 2 * k;
  return k;
}
