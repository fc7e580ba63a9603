/**
 * The canonical body of a scan: the fitted shape in the body model's rest pose (MakeHuman's A-pose,
 * arms about 45 degrees down), standing on y = 0, facing +Z, left = +X (metres). Every scan's
 * canonical body has the model's topology (same vertex count and triangles), so two scans compare
 * vertex by vertex. The measurement sites ride along on their bones (site-anchors.ts).
 */
import { allocatePosedBody } from './load-posable-model.ts';
import type { PosableBodyModel, PosedBody } from './posable-model-types.ts';
import { shapeBody } from './shape-body.ts';
import { restSitePlane, type SiteAnchor, type SitePlane } from './site-anchors.ts';

export interface CanonicalBody extends PosedBody {
  /** The model's triangles (3 vertex indices each; the same array for every body). */
  triangles: Uint32Array;
  /** How far the rest body was raised to stand on y = 0 (m; negative: lowered). */
  liftM: number;
}

/** The rest body of `shape` (K coefficients) lifted so that its lowest vertex is at y = 0. */
export function canonicalBody(model: PosableBodyModel, shape: ArrayLike<number>): CanonicalBody {
  const body = allocatePosedBody(model);
  shapeBody(model, shape, body);
  return liftToFloor(body, model.triangles);
}

/** Raises a rest body (in place) so that its lowest vertex is at y = 0; bone ends move with it. */
export function liftToFloor(body: PosedBody, triangles: Uint32Array): CanonicalBody {
  let minY = Infinity;
  for (let i = 1; i < body.positionsM.length; i += 3) if (body.positionsM[i] < minY) minY = body.positionsM[i];
  const liftM = -minY;
  for (let i = 1; i < body.positionsM.length; i += 3) body.positionsM[i] += liftM;
  for (let i = 1; i < body.boneHeadM.length; i += 3) { body.boneHeadM[i] += liftM; body.boneTailM[i] += liftM; }
  return { positionsM: body.positionsM, boneHeadM: body.boneHeadM, boneTailM: body.boneTailM, triangles, liftM };
}

/** The anchored sites' planes on a canonical body (m, its frame). */
export function canonicalSitePlanes(body: PosedBody, anchors: readonly SiteAnchor[]): SitePlane[] {
  return anchors.map((anchor) => restSitePlane(anchor, body.boneHeadM, body.boneTailM));
}
