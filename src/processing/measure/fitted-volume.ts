/**
 * Body volume of a point cloud from the fitted model (m³): the posed model's closed-mesh volume
 * (divergence theorem) plus the capture's mean offset from it, integrated over the model's surface:
 *
 *   V = V_model + Σ_v A_v · d̄_v
 *
 * A_v is a third of the area of the triangles around model vertex v, and d̄_v the mean signed
 * distance, along v's outward normal, of the capture points whose nearest model vertex is v
 * (first-order change of a closed surface's volume under a normal offset field; the second-order
 * term A·H·d², H the mean curvature, is left out: 0.1% for a 2 mm offset of a 10 cm sphere, 0.75%
 * for 5 mm, and a fit's offsets are a few millimetres of either sign). Each capture point
 * counts once; noise averages out per vertex (zero-mean), and concavities (armpits, between the
 * thighs) have the model's own shape instead of being filled as the slice integration's
 * star-shaped sheets fill them. Where the capture has no points near a vertex (holes, contact
 * hidden from the scanner) d̄_v = 0: the model's surface stands in.
 * Points labelled with no part (floor, flyers) and points over MAX_OFFSET_M from their vertex's
 * tangent plane are left out. `unseen` (a reconstructed surface's made-up parts, CaptureHints)
 * marks vertices where the capture's points are not measurements: those keep the model's surface.
 * Curvature: a point t from its vertex on a surface of radius R lies ≈ t²/2R inside the vertex's
 * tangent plane (0.2–0.5 mm on torso and limbs with vertices 1–2 cm apart, more on fingers and
 * ears: −1.5% of volume on MakeHuman clouds). The same estimator run on the model's own surface
 * (SELF_SAMPLES points, no noise) measures that offset b_v per vertex, and d̄_v − b_v is used.
 * Frame: the canonical measuring frame, metres.
 */
import type { UnseenSurface } from '../../domain/capture-geometry.ts';
import { signedMeshVolume } from '../geometry/mesh-volume.ts';
import { vertexNormals } from '../body-model/fit-kinematics.ts';
import { buildPointGrid, nearestInGrid } from '../body-model/point-grid.ts';
import { sampleSurface } from '../geometry/surface-sample.ts';

/** A capture point farther than this from its vertex's tangent plane is not that surface (m). */
const MAX_OFFSET_M = 0.03;
/** Capture points searched this far from a model vertex (m); farther points are left out. */
const SEARCH_RADIUS_M = 0.05;
/** A vertex's mean offset needs this many points, else the model's surface stands in there. */
const MIN_POINTS_PER_VERTEX = 2;
/** Points sampled on the model's own surface to measure the estimator's curvature offset. */
const SELF_SAMPLES = 200_000;

export interface FittedVolume {
  volumeM3: number;
  /** The posed model's own volume (m³). */
  modelVolumeM3: number;
  /** Share of the model's surface area with capture points (0..1). */
  observedAreaFraction: number;
}

/**
 * posedM: the fitted model's posed vertices (3V, m); triangles: 3T indices (closed, outward);
 * pointsM / count: the capture's points (3N, m) in the same frame; pointPart: each point's body
 * part, or `noPart` for points of no part (left out).
 */
export function fittedCloudVolume(
  posedM: Float32Array, triangles: Uint32Array, pointsM: Float32Array, count: number, pointPart: Uint8Array, noPart: number,
  unseen: UnseenSurface | null = null,
): FittedVolume {
  const vertexCount = posedM.length / 3;
  const normals = new Float32Array(3 * vertexCount);
  vertexNormals(posedM, triangles, normals);
  const areas = new Float64Array(vertexCount);
  for (let t = 0; t < triangles.length; t += 3) {
    const a = triangles[t], b = triangles[t + 1], c = triangles[t + 2];
    const ux = posedM[3 * b] - posedM[3 * a], uy = posedM[3 * b + 1] - posedM[3 * a + 1], uz = posedM[3 * b + 2] - posedM[3 * a + 2];
    const vx = posedM[3 * c] - posedM[3 * a], vy = posedM[3 * c + 1] - posedM[3 * a + 1], vz = posedM[3 * c + 2] - posedM[3 * a + 2];
    // A third of the triangle's area (half the cross product's length) to each of its vertices.
    const third = Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx) / 6;
    areas[a] += third; areas[b] += third; areas[c] += third;
  }
  const grid = buildPointGrid(posedM, vertexCount, 0.01);
  /** Sums each point's offset along its nearest vertex's normal into that vertex. */
  const offsets = (pts: Float32Array, n: number, keep: (i: number) => boolean) => {
    const sum = new Float64Array(vertexCount), hits = new Uint32Array(vertexCount);
    for (let i = 0; i < n; i++) {
      if (!keep(i)) continue;
      const x = pts[3 * i], y = pts[3 * i + 1], z = pts[3 * i + 2];
      const v = nearestInGrid(grid, x, y, z, SEARCH_RADIUS_M);
      if (v < 0) continue;
      const d = (x - posedM[3 * v]) * normals[3 * v] + (y - posedM[3 * v + 1]) * normals[3 * v + 1] + (z - posedM[3 * v + 2]) * normals[3 * v + 2];
      if (d > MAX_OFFSET_M || d < -MAX_OFFSET_M) continue;
      sum[v] += d; hits[v]++;
    }
    return { sum, hits };
  };
  const capture = offsets(pointsM, count, (i) => pointPart[i] !== noPart);
  // Fixed seed: the calibration is a property of the posed model, the same on every call.
  const self = offsets(sampleSurface(posedM, triangles, SELF_SAMPLES, 20685), SELF_SAMPLES, () => true);
  // The posed model is closed by construction: its volume needs no closedness check.
  const modelVolumeM3 = Math.abs(signedMeshVolume(posedM, triangles));
  let change = 0, observedArea = 0, totalArea = 0;
  for (let v = 0; v < vertexCount; v++) {
    totalArea += areas[v];
    if (capture.hits[v] < MIN_POINTS_PER_VERTEX) continue;
    if (unseen && (normals[3 * v + 1] > unseen.upFacingNormalY || posedM[3 * v + 1] < unseen.feetBelowM)) continue;
    const curvatureOffset = self.hits[v] >= MIN_POINTS_PER_VERTEX ? self.sum[v] / self.hits[v] : 0;
    change += areas[v] * (capture.sum[v] / capture.hits[v] - curvatureOffset);
    observedArea += areas[v];
  }
  return { volumeM3: modelVolumeM3 + change, modelVolumeM3, observedAreaFraction: totalArea > 0 ? observedArea / totalArea : 0 };
}
