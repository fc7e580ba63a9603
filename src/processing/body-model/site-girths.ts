/**
 * Tape girths of a body-model surface at measurement-site planes: the model's triangles of the
 * parts each site's tape goes around (site-tape-parts.ts), cut by the site's plane and wrapped by
 * the convex hull (tape-on-surface.ts). Any pose, any frame (m).
 */
import type { CircumferenceField } from '../../domain/measurements.ts';
import type { PosableBodyModel } from './posable-model-types.ts';
import type { SitePlane } from './site-anchors.ts';
import { SITE_TAPE_PARTS, trianglesOfParts } from './site-tape-parts.ts';
import { tapeOnSurface, type SurfaceTape } from './tape-on-surface.ts';

/** What a tape needs of a model: its triangles and each vertex's part. */
export type TapeModel = Pick<PosableBodyModel, 'triangles' | 'vertexPart'>;

const trianglesByModel = new WeakMap<TapeModel, Map<CircumferenceField, Uint32Array>>();

/** The model's triangles a site's tape may touch (computed once per model and site). */
export function siteTriangles(model: TapeModel, field: CircumferenceField): Uint32Array {
  let byField = trianglesByModel.get(model);
  if (!byField) { byField = new Map(); trianglesByModel.set(model, byField); }
  let triangles = byField.get(field);
  if (!triangles) {
    triangles = trianglesOfParts(model.triangles, model.vertexPart, SITE_TAPE_PARTS[field].tapeParts);
    byField.set(field, triangles);
  }
  return triangles;
}

/** The tape on the model surface `positionsM` (3V, m) at one site plane; null when the plane misses it. */
export function siteTape(model: TapeModel, positionsM: Float32Array, plane: SitePlane): SurfaceTape | null {
  return tapeOnSurface(positionsM, siteTriangles(model, plane.field), plane.centreM, plane.normal);
}

/** Tape girths (m) at every plane; NaN where a plane misses the surface. */
export function siteGirthsM(model: TapeModel, positionsM: Float32Array, planes: readonly SitePlane[]): Map<CircumferenceField, number> {
  const girths = new Map<CircumferenceField, number>();
  for (const plane of planes) girths.set(plane.field, siteTape(model, positionsM, plane)?.perimeterM ?? Number.NaN);
  return girths;
}
