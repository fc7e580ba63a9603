/**
 * Labels every capture point with the body part of the nearest posed-model vertex and reports how
 * well the fitted model explains the capture. Canonical frame, metres in, millimetres out.
 *
 * - part: the nearest posed vertex within `labelRadiusM` whose normal agrees with the point's
 *   (capture normals: within 90°; a cloud: the unoriented normal of the thinned sample point of its voxel,
 *   |cos| > 0.4), so arm surface next to the torso takes the arm's label, not that of the torso
 *   surface the model has buried under the arm; else the nearest vertex; farther points (floor
 *   remnants, noise, clutter) get NO_PART.
 * - residual of a labelled point: |n_v·(q − x_v)|, the distance to the tangent plane of the nearest
 *   vertex (vertices are ~1 cm apart, so the point-to-vertex distance would overstate it).
 *   Inliers: residual under 2 cm. RMS over inliers, overall and per part.
 * - coverage: share of the model's surface area (rest vertex areas) with a capture sample point
 *   within 2 cm of the posed vertex.
 */
import type { CaptureSample } from './capture-subsample.ts';
import { sampleIndexAt } from './capture-subsample.ts';
import type { BodyPart, PosableBodyModel } from './posable-model-types.ts';
import { BODY_PARTS, NO_PART } from './posable-model-types.ts';
import { vertexNormals } from './fit-kinematics.ts';
import type { PointGrid } from './point-grid.ts';
import { buildPointGrid, nearestInGrid } from './point-grid.ts';

export interface SegmentationResult {
  pointPart: Uint8Array;
  residualRmsMm: number;
  partResidualRmsMm: Record<BodyPart, number>;
  /** Share of input points that are inliers (labelled and within 2 cm). */
  inlierFraction: number;
}

const INLIER_M = 0.02;

/**
 * The posed surface as labelled points about 6 mm apart: every vertex (its normal and part) and
 * every triangle's centroid (face normal; the part most of its corners have, else its first
 * corner's). Labelling from vertices alone (~1 cm apart) would misplace the arm–torso boundary by
 * up to half that spacing, as much as the gap between a resting arm and the chest.
 */
export function labelSurface(model: Pick<PosableBodyModel, 'vertexCount' | 'triangles' | 'vertexPart'>, posed: Float32Array, posedNormals: Float32Array): { points: Float32Array; normals: Float32Array; part: Uint8Array; count: number } {
  const V = model.vertexCount, T = model.triangles.length / 3, n = V + T;
  const points = new Float32Array(3 * n), normals = new Float32Array(3 * n), part = new Uint8Array(n);
  points.set(posed.subarray(0, 3 * V)); normals.set(posedNormals.subarray(0, 3 * V)); part.set(model.vertexPart.subarray(0, V));
  const tri = model.triangles, vp = model.vertexPart;
  for (let t = 0; t < T; t++) {
    const a = tri[3 * t], b = tri[3 * t + 1], c = tri[3 * t + 2], o = 3 * (V + t);
    for (let k = 0; k < 3; k++) points[o + k] = (posed[3 * a + k] + posed[3 * b + k] + posed[3 * c + k]) / 3;
    const ux = posed[3 * b] - posed[3 * a], uy = posed[3 * b + 1] - posed[3 * a + 1], uz = posed[3 * b + 2] - posed[3 * a + 2];
    const vx = posed[3 * c] - posed[3 * a], vy = posed[3 * c + 1] - posed[3 * a + 1], vz = posed[3 * c + 2] - posed[3 * a + 2];
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const l = Math.sqrt(nx * nx + ny * ny + nz * nz) || 1;
    normals[o] = nx / l; normals[o + 1] = ny / l; normals[o + 2] = nz / l;
    part[V + t] = vp[b] === vp[c] ? vp[b] : vp[a];
  }
  return { points, normals, part, count: n };
}

/** `normalSign`: -1 when the capture's normals point inwards (an inside-out mesh). */
export function segmentCapture(
  model: PosableBodyModel, posedSurface: Float32Array, surfaceNormals: Float32Array,
  points: Float32Array, count: number, normals: Float32Array | null | undefined, labelRadiusM: number,
  sample: CaptureSample, normalSign: number, reuse?: PointGrid,
): SegmentationResult {
  const surface = labelSurface(model, posedSurface, surfaceNormals);
  const posed = surface.points, posedNormals = surface.normals, surfacePart = surface.part;
  const grid = buildPointGrid(posed, surface.count, 0.01, reuse);
  const sn = sample.normals;
  const pointPart = new Uint8Array(count);
  const partSq = new Float64Array(BODY_PARTS.length), partN = new Float64Array(BODY_PARTS.length);
  let sq = 0, inliers = 0;
  for (let i = 0; i < count; i++) {
    const x = points[3 * i], y = points[3 * i + 1], z = points[3 * i + 2];
    let v = -1;
    if (normals) {
      const s = normalSign;
      v = nearestInGrid(grid, x, y, z, labelRadiusM, posedNormals, s * normals[3 * i], s * normals[3 * i + 1], s * normals[3 * i + 2], 0);
    }
    else {
      // A cloud: the (unoriented) normal of the nearest sample point rules out model surface at a
      // steep angle, e.g. the torso's side buried under an arm that rests on it.
      const j = sampleIndexAt(sample, x, y, z);
      if (j >= 0) v = nearestInGrid(grid, x, y, z, labelRadiusM, posedNormals, sn[3 * j], sn[3 * j + 1], sn[3 * j + 2], 0.4, true);
    }
    if (v < 0) v = nearestInGrid(grid, x, y, z, labelRadiusM);
    if (v < 0) { pointPart[i] = NO_PART; continue; }
    const part = surfacePart[v];
    pointPart[i] = part;
    const r = Math.abs(posedNormals[3 * v] * (x - posed[3 * v]) + posedNormals[3 * v + 1] * (y - posed[3 * v + 1]) + posedNormals[3 * v + 2] * (z - posed[3 * v + 2]));
    if (r > INLIER_M) continue;
    sq += r * r; inliers++;
    partSq[part] += r * r; partN[part]++;
  }
  const partResidualRmsMm = {} as Record<BodyPart, number>;
  BODY_PARTS.forEach((name, p) => { partResidualRmsMm[name] = partN[p] > 0 ? 1000 * Math.sqrt(partSq[p] / partN[p]) : NaN; });
  return { pointPart, residualRmsMm: inliers > 0 ? 1000 * Math.sqrt(sq / inliers) : NaN, partResidualRmsMm, inlierFraction: count > 0 ? inliers / count : 0 };
}

/**
 * Body part of each vertex of a capture mesh from the posed model, with the mesh's own oriented
 * normals (unit, outward): the nearest labelled model surface point within `radiusM` facing the
 * same way (dot > 0), else the nearest one, else NO_PART. Where an arm rests on the torso the
 * torso's skin under it faces the arm and the arm's faces the torso: the normals tell them apart
 * where a sampled cloud's unoriented normals cannot (on the arms-down evaluation meshes, torso
 * vertices labelled arm added 7 mm to one mid-arm girth). Canonical frame, metres.
 */
export function labelOrientedVertices(
  model: Pick<PosableBodyModel, 'vertexCount' | 'triangles' | 'vertexPart'>, posed: Float32Array,
  vertices: Float32Array, normals: Float32Array, count: number, radiusM: number,
): Uint8Array {
  const posedNormals = new Float32Array(3 * model.vertexCount);
  vertexNormals(posed, model.triangles, posedNormals);
  const surface = labelSurface(model, posed, posedNormals);
  const grid = buildPointGrid(surface.points, surface.count, 0.01);
  const out = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const x = vertices[3 * i], y = vertices[3 * i + 1], z = vertices[3 * i + 2];
    let v = nearestInGrid(grid, x, y, z, radiusM, surface.normals, normals[3 * i], normals[3 * i + 1], normals[3 * i + 2], 0);
    if (v < 0) v = nearestInGrid(grid, x, y, z, radiusM);
    out[i] = v < 0 ? NO_PART : surface.part[v];
  }
  return out;
}

/** Per-vertex area (m²): a third of each adjacent triangle's area. */
export function vertexAreas(positions: ArrayLike<number>, triangles: Uint32Array, vertexCount: number): Float64Array {
  const area = new Float64Array(vertexCount);
  for (let t = 0; t < triangles.length; t += 3) {
    const a = 3 * triangles[t], b = 3 * triangles[t + 1], c = 3 * triangles[t + 2];
    const ux = positions[b] - positions[a], uy = positions[b + 1] - positions[a + 1], uz = positions[b + 2] - positions[a + 2];
    const vx = positions[c] - positions[a], vy = positions[c + 1] - positions[a + 1], vz = positions[c + 2] - positions[a + 2];
    const third = Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx) / 6;
    area[triangles[t]] += third; area[triangles[t + 1]] += third; area[triangles[t + 2]] += third;
  }
  return area;
}

/** Coverage overall and per body part: area share of posed vertices with a sample point within 2 cm. */
export function surfaceCoverage(
  model: PosableBodyModel, posed: Float32Array, area: Float64Array, sampleGrid: PointGrid,
): { coverage: number; partCoverage: Float64Array } {
  const covered = new Float64Array(BODY_PARTS.length), total = new Float64Array(BODY_PARTS.length);
  let c = 0, all = 0;
  for (let v = 0; v < model.vertexCount; v++) {
    const hit = nearestInGrid(sampleGrid, posed[3 * v], posed[3 * v + 1], posed[3 * v + 2], 0.02) >= 0;
    const p = model.vertexPart[v];
    total[p] += area[v]; all += area[v];
    if (hit) { covered[p] += area[v]; c += area[v]; }
  }
  const partCoverage = new Float64Array(BODY_PARTS.length);
  for (let p = 0; p < BODY_PARTS.length; p++) partCoverage[p] = total[p] > 0 ? covered[p] / total[p] : 0;
  return { coverage: all > 0 ? c / all : 0, partCoverage };
}
