/**
 * Uniform grid over 3D points (m) for nearest-neighbour queries within a radius: points sorted by
 * cell (counting sort), cells addressed through a dense 3D table over the bounding box. Building is
 * O(n); a query visits shells of cells outwards until no unvisited cell can hold a nearer point. Rebuilt in place without allocating when
 * the point count and box allow (the model's posed vertices, every solver iteration).
 */

export interface PointGrid {
  cellM: number;
  originX: number; originY: number; originZ: number;
  nx: number; ny: number; nz: number;
  /** cellStart[c]..cellStart[c+1]: range in `order` of the points in cell c. */
  cellStart: Uint32Array;
  order: Uint32Array;
  /** Points copied in cell order (xyz), for cache-friendly scans. */
  sorted: Float32Array;
  count: number;
  /** Squared distance (m²) of the last nearestInGrid answer (radius² when none was found). */
  lastDistanceSq: number;
}

const MAX_CELLS = 1 << 22;

/** Builds (or rebuilds into `reuse`) a grid with cells of `cellM` metres over the first `count` points. */
export function buildPointGrid(points: ArrayLike<number>, count: number, cellM: number, reuse?: PointGrid): PointGrid {
  let minX = Infinity, minY = Infinity, minZ = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
  for (let i = 0; i < count; i++) {
    const x = points[3 * i], y = points[3 * i + 1], z = points[3 * i + 2];
    if (x < minX) minX = x; if (x > maxX) maxX = x;
    if (y < minY) minY = y; if (y > maxY) maxY = y;
    if (z < minZ) minZ = z; if (z > maxZ) maxZ = z;
  }
  if (count === 0) { minX = minY = minZ = 0; maxX = maxY = maxZ = 0; }
  let cell = cellM;
  let nx = 0, ny = 0, nz = 0;
  for (;;) {
    nx = Math.floor((maxX - minX) / cell) + 1; ny = Math.floor((maxY - minY) / cell) + 1; nz = Math.floor((maxZ - minZ) / cell) + 1;
    if (nx * ny * nz <= MAX_CELLS) break;
    cell *= 1.5;
  }
  const cells = nx * ny * nz;
  const grid: PointGrid = reuse && reuse.cellStart.length >= cells + 1 && reuse.order.length >= count
    ? reuse
    : {
      cellM: cell, originX: 0, originY: 0, originZ: 0, nx, ny, nz,
      cellStart: new Uint32Array(Math.max(cells + 1, reuse ? Math.ceil(1.3 * cells) + 1 : 0)),
      order: new Uint32Array(Math.max(count, reuse ? Math.ceil(1.1 * count) : 0)),
      sorted: new Float32Array(3 * Math.max(count, reuse ? Math.ceil(1.1 * count) : 0)),
      count, lastDistanceSq: 0,
    };
  grid.cellM = cell; grid.originX = minX; grid.originY = minY; grid.originZ = minZ;
  grid.nx = nx; grid.ny = ny; grid.nz = nz; grid.count = count;
  const start = grid.cellStart;
  start.fill(0, 0, cells + 1);
  const inv = 1 / cell;
  for (let i = 0; i < count; i++) {
    const c = cellIndex(grid, points[3 * i], points[3 * i + 1], points[3 * i + 2], inv);
    start[c + 1]++;
  }
  for (let c = 0; c < cells; c++) start[c + 1] += start[c];
  // Place points; start[c] is advanced while placing and restored afterwards.
  for (let i = 0; i < count; i++) {
    const c = cellIndex(grid, points[3 * i], points[3 * i + 1], points[3 * i + 2], inv);
    const slot = start[c]++;
    grid.order[slot] = i;
    grid.sorted[3 * slot] = points[3 * i]; grid.sorted[3 * slot + 1] = points[3 * i + 1]; grid.sorted[3 * slot + 2] = points[3 * i + 2];
  }
  for (let c = cells; c > 0; c--) start[c] = start[c - 1];
  start[0] = 0;
  return grid;
}

function cellIndex(grid: PointGrid, x: number, y: number, z: number, inv: number): number {
  const ix = Math.floor((x - grid.originX) * inv), iy = Math.floor((y - grid.originY) * inv), iz = Math.floor((z - grid.originZ) * inv);
  return (Math.min(Math.max(iz, 0), grid.nz - 1) * grid.ny + Math.min(Math.max(iy, 0), grid.ny - 1)) * grid.nx + Math.min(Math.max(ix, 0), grid.nx - 1);
}

/**
 * Index of the nearest point within `radiusM` of (x, y, z), or -1. When `normals` (unit, per point
 * in the original order) and a query normal are given, points whose normal makes a dot product
 * below `minDot` with it are skipped (a surface facing the other way is not a match); with
 * `absoluteDot` the test is on |dot| (for unoriented normals: only surfaces at an angle are skipped).
 * The squared distance of the answer is left in `grid.lastDistanceSq`.
 */
export function nearestInGrid(
  grid: PointGrid, x: number, y: number, z: number, radiusM: number,
  normals: Float32Array | null = null, qnx = 0, qny = 0, qnz = 0, minDot = -2, absoluteDot = false,
): number {
  const inv = 1 / grid.cellM;
  const cx = Math.floor((x - grid.originX) * inv), cy = Math.floor((y - grid.originY) * inv), cz = Math.floor((z - grid.originZ) * inv);
  const maxShell = Math.ceil(radiusM * inv) + 1;
  let best = -1, bestD = radiusM * radiusM;
  const start = grid.cellStart, sorted = grid.sorted, order = grid.order, nx = grid.nx, ny = grid.ny, nz = grid.nz;
  // Shells of cells at Chebyshev distance k from the query's cell, nearest first. Every point not
  // yet visited before shell k is at least (k − 1) cells away: stop once best ≤ (k − 1)·cell.
  for (let k = 0; k <= maxShell; k++) {
    const reach = (k - 1) * grid.cellM;
    if (k > 0 && bestD <= reach * reach) break;
    const z0 = Math.max(0, cz - k), z1 = Math.min(nz - 1, cz + k);
    const y0 = Math.max(0, cy - k), y1 = Math.min(ny - 1, cy + k);
    if (z0 > z1 || y0 > y1 || cx + k < 0 || cx - k > nx - 1) continue;
    for (let iz = z0; iz <= z1; iz++) {
      const zEdge = iz === cz - k || iz === cz + k;
      for (let iy = y0; iy <= y1; iy++) {
        const row = (iz * ny + iy) * nx;
        const full = zEdge || iy === cy - k || iy === cy + k;
        // A full row on the shell's faces, else only its two end cells.
        for (let pass = 0; pass < (full ? 1 : 2); pass++) {
          let xa: number, xb: number;
          if (full) { xa = Math.max(0, cx - k); xb = Math.min(nx - 1, cx + k); }
          else { xa = xb = pass === 0 ? cx - k : cx + k; if (xa < 0 || xa > nx - 1) continue; }
          if (xa > xb) continue;
          const s = start[row + xa], e = start[row + xb + 1];
          for (let j = s; j < e; j++) {
            const dx = sorted[3 * j] - x, dy = sorted[3 * j + 1] - y, dz = sorted[3 * j + 2] - z;
            const d = dx * dx + dy * dy + dz * dz;
            if (d >= bestD) continue;
            if (normals !== null) {
              const p = 3 * order[j];
              const dn = normals[p] * qnx + normals[p + 1] * qny + normals[p + 2] * qnz;
              if ((absoluteDot ? Math.abs(dn) : dn) < minDot) continue;
            }
            bestD = d; best = order[j];
          }
        }
      }
    }
  }
  grid.lastDistanceSq = bestD;
  return best;
}

/**
 * Whether some point lies within `radiusM` of (x, y, z) and within `slabM` of the plane through it
 * with unit normal (nx, ny, nz) (m). Why not nearestInGrid: a point just above a hole's edge is
 * near a query in the hole, but not on the query's plane, and a cut there sees no surface.
 */
export function hasPointInSlab(grid: PointGrid, x: number, y: number, z: number, radiusM: number, nx: number, ny: number, nz: number, slabM: number): boolean {
  const inv = 1 / grid.cellM;
  const r2 = radiusM * radiusM;
  const x0 = Math.max(0, Math.floor((x - radiusM - grid.originX) * inv)), x1 = Math.min(grid.nx - 1, Math.floor((x + radiusM - grid.originX) * inv));
  const y0 = Math.max(0, Math.floor((y - radiusM - grid.originY) * inv)), y1 = Math.min(grid.ny - 1, Math.floor((y + radiusM - grid.originY) * inv));
  const z0 = Math.max(0, Math.floor((z - radiusM - grid.originZ) * inv)), z1 = Math.min(grid.nz - 1, Math.floor((z + radiusM - grid.originZ) * inv));
  const start = grid.cellStart, sorted = grid.sorted;
  if (x0 > x1) return false;
  for (let iz = z0; iz <= z1; iz++) {
    for (let iy = y0; iy <= y1; iy++) {
      const row = (iz * grid.ny + iy) * grid.nx;
      for (let j = start[row + x0], e = start[row + x1 + 1]; j < e; j++) {
        const dx = sorted[3 * j] - x, dy = sorted[3 * j + 1] - y, dz = sorted[3 * j + 2] - z;
        if (dx * dx + dy * dy + dz * dz > r2) continue;
        if (Math.abs(dx * nx + dy * ny + dz * nz) <= slabM) return true;
      }
    }
  }
  return false;
}
