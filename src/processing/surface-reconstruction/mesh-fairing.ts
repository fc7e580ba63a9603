/**
 * Fairing of the extracted surface: Taubin smoothing (removes the voxel terracing without the
 * shrinkage of plain Laplacian smoothing) and a projection of every vertex onto the local point
 * surface along its normal (gives back the sub-voxel position the occupancy grid lost).
 * Units: metres, any frame (the points' frame). Positions are updated in place.
 */
import { computeSmoothNormals } from '../assets/smooth-normals.ts';
import type { CellPoints, VoxelGrid } from './voxel-grid.ts';

/** Vertex neighbours (compressed rows) from the triangles; an edge on two triangles is listed twice, which keeps weights uniform. */
export function vertexNeighbours(vertexCount: number, indices: Uint32Array): { start: Uint32Array; list: Uint32Array } {
  const start = new Uint32Array(vertexCount + 1);
  for (let i = 0; i < indices.length; i++) start[indices[i] + 1] += 2;
  for (let v = 0; v < vertexCount; v++) start[v + 1] += start[v];
  const fill = start.slice(0, vertexCount);
  const list = new Uint32Array(start[vertexCount]);
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t], b = indices[t + 1], c = indices[t + 2];
    list[fill[a]++] = b; list[fill[a]++] = c;
    list[fill[b]++] = c; list[fill[b]++] = a;
    list[fill[c]++] = a; list[fill[c]++] = b;
  }
  return { start, list };
}

/**
 * Taubin λ|μ smoothing (λ = 0.5, μ = −0.53, uniform weights): each pair of passes is a low-pass
 * filter that removes the terracing at the scale of a cell while keeping the enclosed volume.
 */
export function taubinSmooth(positionsM: Float32Array, neighbours: { start: Uint32Array; list: Uint32Array }, passPairs: number): void {
  const vertexCount = positionsM.length / 3;
  const delta = new Float32Array(positionsM.length);
  for (let pass = 0; pass < passPairs * 2; pass++) {
    const factor = pass % 2 === 0 ? 0.5 : -0.53;
    for (let v = 0; v < vertexCount; v++) {
      const from = neighbours.start[v], to = neighbours.start[v + 1];
      if (to === from) { delta[v * 3] = 0; delta[v * 3 + 1] = 0; delta[v * 3 + 2] = 0; continue; }
      let sx = 0, sy = 0, sz = 0;
      for (let k = from; k < to; k++) {
        const n = neighbours.list[k] * 3;
        sx += positionsM[n]; sy += positionsM[n + 1]; sz += positionsM[n + 2];
      }
      const inv = 1 / (to - from);
      delta[v * 3] = factor * (sx * inv - positionsM[v * 3]);
      delta[v * 3 + 1] = factor * (sy * inv - positionsM[v * 3 + 1]);
      delta[v * 3 + 2] = factor * (sz * inv - positionsM[v * 3 + 2]);
    }
    for (let i = 0; i < positionsM.length; i++) positionsM[i] += delta[i];
  }
}

/**
 * The paraboloid snap's largest |c| in h = a + c·t² (1/m): half the curvature of a 1 cm radius,
 * far above a body's (a wrist: 1/(2·0.025 m) = 20/m), so only noise is clipped.
 */
const PARABOLOID_MAX_CURVATURE_PER_M = 50;

/**
 * Moves every vertex along its normal onto the local point surface: the weighted centroid of the
 * point centroids of the 3x3x3 cells around it (weight: point count times a tent of radius
 * `radiusM` on the distance), projected on the normal, so the noise averages out and the vertex
 * does not slide sideways. A tent radius of about one cell keeps the curvature bias small (the
 * centroid of a cap of radius r on a cylinder of radius R lies ~r²/4R inside: ~0.4 mm on a 4 cm
 * wrist at r = 8 mm). Vertices with no points near (bridged holes) stay where the smoothing put them.
 * Moves are capped at `maxMoveM`. onParaboloid: the vertex goes to the apex of a paraboloid
 * h = a + c·t² fitted (same weights) to the centroids' heights h along the normal against their
 * squared distances t² across it, which a convex surface's centroid misses by about c·mean(t²)
 * (a 40 mm cylinder at 10 mm cells: 0.18 mm short instead of 0.40 mm).
 */
export function snapToPoints(
  positionsM: Float32Array, indices: Uint32Array, grid: VoxelGrid, cells: CellPoints, radiusM: number, maxMoveM: number,
  onParaboloid = false,
): void {
  const normals = computeSmoothNormals(positionsM, indices);
  const { nx, ny, nz, originXM, originYM, originZM, voxelM } = grid;
  const slice = nx * nz;
  const invR2 = 1 / (radiusM * radiusM);
  for (let v = 0; v < positionsM.length; v += 3) {
    const px = positionsM[v], py = positionsM[v + 1], pz = positionsM[v + 2];
    const cx = Math.floor((px - originXM) / voxelM), cy = Math.floor((py - originYM) / voxelM), cz = Math.floor((pz - originZM) / voxelM);
    const nX = normals[v], nY = normals[v + 1], nZ = normals[v + 2];
    let weightSum = 0, wx = 0, wy = 0, wz = 0;
    // Paraboloid sums: h (height along the normal) against t² (squared distance across it).
    let s1 = 0, s2 = 0, sh = 0, sht = 0;
    for (let y = Math.max(0, cy - 1); y <= Math.min(ny - 1, cy + 1); y++) {
      for (let z = Math.max(0, cz - 1); z <= Math.min(nz - 1, cz + 1); z++) {
        for (let x = Math.max(0, cx - 1); x <= Math.min(nx - 1, cx + 1); x++) {
          const cell = x + nx * z + slice * y;
          const count = cells.counts[cell];
          if (count === 0) continue;
          const mx = cells.sumsM[cell * 3] / count, my = cells.sumsM[cell * 3 + 1] / count, mz = cells.sumsM[cell * 3 + 2] / count;
          const d2 = (mx - px) ** 2 + (my - py) ** 2 + (mz - pz) ** 2;
          const weight = count * (1 - d2 * invR2);
          if (weight <= 0) continue;
          weightSum += weight; wx += weight * mx; wy += weight * my; wz += weight * mz;
          if (onParaboloid) {
            const h = (mx - px) * nX + (my - py) * nY + (mz - pz) * nZ;
            const t2 = Math.max(0, d2 - h * h);
            s1 += weight * t2; s2 += weight * t2 * t2; sh += weight * h; sht += weight * h * t2;
          }
        }
      }
    }
    if (weightSum === 0) continue;
    let move = ((wx / weightSum - px) * nX + (wy / weightSum - py) * nY + (wz / weightSum - pz) * nZ);
    if (onParaboloid) {
      // Weighted least squares h = a + c·t²: the surface's height at the vertex is a, not the
      // centroid's (which lies inside a convex surface by about c·mean(t²)). Curvature capped at
      // PARABOLOID_MAX_CURVATURE_PER_M; an ill-conditioned fit (all centroids at one distance)
      // keeps the centroid.
      const det = weightSum * s2 - s1 * s1;
      if (det > 1e-3 * weightSum * s2) {
        let c = (weightSum * sht - s1 * sh) / det;
        if (c > PARABOLOID_MAX_CURVATURE_PER_M) c = PARABOLOID_MAX_CURVATURE_PER_M; else if (c < -PARABOLOID_MAX_CURVATURE_PER_M) c = -PARABOLOID_MAX_CURVATURE_PER_M;
        move = (sh - c * s1) / weightSum;
      }
    }
    if (move > maxMoveM) move = maxMoveM; else if (move < -maxMoveM) move = -maxMoveM;
    positionsM[v] = px + move * nX; positionsM[v + 1] = py + move * nY; positionsM[v + 2] = pz + move * nZ;
  }
}
