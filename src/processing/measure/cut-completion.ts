/**
 * Girth cuts completed from the fitted model where the capture has a hole (docs/measurements.md,
 * "Holes"): the model's surface of the site's parts is cut by the site's plane with the same
 * filters as the capture (radius, side, the arms' capsules); a model cut point with no capture
 * point within HOLE_RADIUS_M of it and HOLE_SLAB_M of the plane lies in a hole, and the model's
 * contour there, shifted to meet the capture's contour at the hole's ends
 * (geometry/contour-completion.ts), joins the tape.
 * Where the capture has surface near the model (an arm resting on the torso hides the torso's
 * side, but the arm's own surface is there), nothing is filled: the tape bridges the contact as
 * before. Canonical frame, metres.
 */
import type { CircumferenceField } from '../../domain/measurements.ts';
import type { PointGrid } from '../body-model/point-grid.ts';
import type { PosableBodyModel } from '../body-model/posable-model-types.ts';
import { SITE_TAPE_PARTS, trianglesOfParts } from '../body-model/site-tape-parts.ts';
import { hasPointInSlab } from '../body-model/point-grid.ts';
import { completeContour } from '../geometry/contour-completion.ts';
import type { Plane } from '../geometry/plane-cut.ts';
import { cutMesh, makeFlatBuffer, planeToWorld } from '../geometry/plane-cut.ts';
import { inCapsule } from './cut-filters.ts';
import type { CutRequest } from './girth-cut.ts';

/**
 * A model point farther than this from every capture point lies in a hole (m): well above the
 * fit's residual (2-4 mm RMS on the evaluation's captures) and a sparse cloud's point spacing
 * (~5 mm at 100k points), below the width of the holes scanners leave (armpits, crotch, back).
 */
export const HOLE_RADIUS_M = 0.02;
/**
 * Only capture points within this distance of the cut's plane count for the hole test (m): a cut within
 * HOLE_RADIUS_M of a hole's edge otherwise found the surface beyond the edge, filled nothing and
 * read a partial capture's stomach 57 mm short. Wider than a capture's point spacing (~5 mm).
 */
export const HOLE_SLAB_M = 0.006;

/** Longest step between fill candidates along the model's contour (m). */
const FILL_STEP_M = 0.003;

/** The fitted model surface and the capture, as the cuts need them. */
export interface ModelCompletion {
  /** Posed model vertices, canonical frame (m). */
  positionsM: Float32Array;
  /** The model's triangles a site's tape goes around (its parts). */
  trianglesOf: (field: CircumferenceField) => Uint32Array;
  /** Every capture point (not only the cut's parts), for the hole test. */
  captureGrid: PointGrid;
}

/**
 * Fill points (u, v interleaved, the plane's coordinates) completing the cut across the capture's
 * holes; empty when the model's contour lies everywhere near captured surface.
 */
export function modelFillPoints(completion: ModelCompletion, req: CutRequest, plane: Plane, observed: ArrayLike<number>, observedCount: number): Float64Array {
  const raw = makeFlatBuffer(2048);
  cutMesh(completion.positionsM, completion.trianglesOf(req.field), plane, raw);
  const segmentCount = raw.length / 4;
  const r2 = req.maxRadiusM * req.maxRadiusM;
  const keep = (u: number, v: number): boolean => {
    if (u * u + v * v > r2) return false;
    if (!req.sideOfX && !req.exclude) return true;
    const w = planeToWorld(plane, u, v);
    if (req.sideOfX && req.sideOfX * w[0] <= 0) return false;
    return !(req.exclude && inCapsule(req.exclude, w[0], w[1], w[2]));
  };
  const segments = new Float64Array(4 * segmentCount);
  const hole = new Uint8Array(2 * segmentCount);
  let kept = 0, holeEnds = 0;
  const inHole = (u: number, v: number): number => {
    const w = planeToWorld(plane, u, v);
    return hasPointInSlab(completion.captureGrid, w[0], w[1], w[2], HOLE_RADIUS_M, plane.normal[0], plane.normal[1], plane.normal[2], HOLE_SLAB_M) ? 0 : 1;
  };
  for (let s = 0; s < segmentCount; s++) {
    const d = raw.data;
    const au = d[4 * s], av = d[4 * s + 1], bu = d[4 * s + 2], bv = d[4 * s + 3];
    if (!keep(au, av) || !keep(bu, bv)) continue;
    segments.set([au, av, bu, bv], 4 * kept);
    hole[2 * kept] = inHole(au, av); hole[2 * kept + 1] = inHole(bu, bv);
    holeEnds += hole[2 * kept] + hole[2 * kept + 1];
    kept++;
  }
  if (holeEnds === 0) return new Float64Array(0);
  // Fill candidates: along every segment with an end in a hole, points every FILL_STEP_M at most
  // (a cloud's ring is fitted through them, and sparse points would weigh little against the
  // capture's), each tested for a hole.
  const points: number[] = [];
  const flags: number[] = [];
  for (let s = 0; s < kept; s++) {
    if (!hole[2 * s] && !hole[2 * s + 1]) continue;
    const au = segments[4 * s], av = segments[4 * s + 1], bu = segments[4 * s + 2], bv = segments[4 * s + 3];
    const steps = Math.max(1, Math.ceil(Math.hypot(bu - au, bv - av) / FILL_STEP_M));
    for (let e = 0; e <= steps; e++) {
      const t = e / steps, u = au + t * (bu - au), v = av + t * (bv - av);
      points.push(u, v);
      flags.push(e === 0 ? hole[2 * s] : e === steps ? hole[2 * s + 1] : inHole(u, v));
    }
  }
  return completeContour(observed, observedCount, { segments, segmentCount: kept, points, pointCount: flags.length, hole: flags });
}

/** Per-site model triangles of a fitter's mesh, computed on first use. */
export function siteTrianglesOf(model: Pick<PosableBodyModel, 'triangles' | 'vertexPart'>): ModelCompletion['trianglesOf'] {
  const cache = new Map<string, Uint32Array>();
  return (field) => {
    let triangles = cache.get(field);
    if (!triangles) { triangles = trianglesOfParts(model.triangles, model.vertexPart, SITE_TAPE_PARTS[field].tapeParts); cache.set(field, triangles); }
    return triangles;
  };
}
