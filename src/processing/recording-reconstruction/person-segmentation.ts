/**
 * Background removal: which world points belong to the person. Points above the floor are binned in a
 * floor-aligned grid of 4 cm cells; occupied cells form 26-connected clusters; among the clusters of a
 * person's footprint (bounding-box diagonal at most maxWidthM: walls and long furniture are wider), the person is the one
 * the views centre on most (people frame the subject: each point counts by how near its image centre
 * it was seen), which drops walls, furniture and other people. Its cells, dilated by one cell (sway, arm movement, odometry drift),
 * are the person's region; a point is the person's when it falls in the region and above the floor.
 *
 * Frame: world (m), heights measured from the floor plane along its normal.
 */
import type { FloorPlane } from './floor-detection.ts';
import { heightAbove } from './floor-detection.ts';

export interface SegmentationOptions {
  /** Cell size of the clustering grid (m): bridges LiDAR sparsity at 2–3 m, separates a person from a wall 10 cm behind. */
  cellM: number;
  /** Points lower than this above the floor are left out of the clustering (m): floor noise must not link the feet to the floor. */
  clusterAboveFloorM: number;
  /** Points lower than this above the floor are the floor, never the person (m). */
  footCutM: number;
  /** Highest point considered (m above the floor). */
  maxHeightM: number;
  /** A cell is occupied with at least this many points. */
  minPointsPerCell: number;
  /** Horizontal half-size of the region searched (m) around the mean camera position. */
  maxRangeM: number;
  /**
   * Largest footprint diagonal of a cluster that can be a person (m): a person turning with arms out
   * sweeps a disc of up to ~1.5 m, whose bounding box has a 2.1 m diagonal; walls seen over a room are wider.
   */
  maxWidthM: number;
}

export const DEFAULT_SEGMENTATION: SegmentationOptions = {
  cellM: 0.04, clusterAboveFloorM: 0.05, footCutM: 0.012, maxHeightM: 2.6, minPointsPerCell: 2, maxRangeM: 6, maxWidthM: 2.2,
};

/** The person's region: a dilated occupancy mask on a floor-aligned grid. */
export interface PersonRegion {
  floor: FloorPlane;
  cellM: number;
  originX: number;
  originZ: number;
  /** Height above the floor of layer 0's lower face (m) = clusterAboveFloorM. */
  originH: number;
  nx: number;
  nh: number;
  nz: number;
  /** 1 for cells of the dilated person cluster; index x + nx·(z + nz·h). */
  mask: Uint8Array;
  /** Extent of the (undilated) cluster: lowest and highest point height above the floor (m). */
  bottomM: number;
  topM: number;
  /** Centroid of the cluster's points (world, m). */
  centre: [number, number, number];
  /** Points of the cluster among the input. */
  points: number;
  /** How many other clusters of ≥ 50 points were dropped (walls, furniture). */
  droppedClusters: number;
}

/**
 * Finds the person among `count` world points (xyz interleaved, m). `central[i]` (0..255) is how near
 * its image's centre point i was seen. Returns null when no person-sized cluster is looked at.
 */
export function segmentPerson(points: Float32Array, count: number, central: Uint8Array, floor: FloorPlane, around: [number, number], options: SegmentationOptions = DEFAULT_SEGMENTATION): PersonRegion | null {
  const { cellM } = options;
  // Grid bounds from the candidate points, limited to maxRangeM around the cameras.
  let minX = Infinity, maxX = -Infinity, minZ = Infinity, maxZ = -Infinity;
  const heights = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    const x = points[3 * i], y = points[3 * i + 1], z = points[3 * i + 2];
    const h = heightAbove(floor, x, y, z);
    heights[i] = h;
    if (h < options.clusterAboveFloorM || h > options.maxHeightM) continue;
    if (Math.abs(x - around[0]) > options.maxRangeM || Math.abs(z - around[1]) > options.maxRangeM) continue;
    if (x < minX) minX = x; if (x > maxX) maxX = x; if (z < minZ) minZ = z; if (z > maxZ) maxZ = z;
  }
  if (!(minX <= maxX)) return null;
  const originX = minX - 2 * cellM, originZ = minZ - 2 * cellM, originH = options.clusterAboveFloorM;
  const nx = Math.floor((maxX - originX) / cellM) + 3, nz = Math.floor((maxZ - originZ) / cellM) + 3;
  const nh = Math.floor((options.maxHeightM - originH) / cellM) + 2;
  const cells = nx * nh * nz;
  const counts = new Uint16Array(cells);
  const hits = new Float64Array(cells);
  const cellOf = new Int32Array(count).fill(-1);
  for (let i = 0; i < count; i++) {
    const h = heights[i];
    if (h < options.clusterAboveFloorM || h > options.maxHeightM) continue;
    const cx = Math.floor((points[3 * i] - originX) / cellM), cz = Math.floor((points[3 * i + 2] - originZ) / cellM);
    const ch = Math.floor((h - originH) / cellM);
    if (cx < 0 || cx >= nx || cz < 0 || cz >= nz || ch < 0 || ch >= nh) continue;
    const cell = cx + nx * (cz + nz * ch);
    cellOf[i] = cell;
    if (counts[cell] < 65535) counts[cell]++;
    hits[cell] += central[i];
  }
  // 26-connected components of occupied cells (breadth-first, one queue).
  const label = new Int32Array(cells).fill(-1);
  const queue = new Int32Array(cells);
  const componentHits: number[] = [], componentSize: number[] = [], componentWidth: number[] = [];
  for (let start = 0; start < cells; start++) {
    if (counts[start] < options.minPointsPerCell || label[start] >= 0) continue;
    const id = componentHits.length;
    let head = 0, tail = 0, hitSum = 0, size = 0, loX = nx, hiX = 0, loZ = nz, hiZ = 0;
    queue[tail++] = start; label[start] = id;
    while (head < tail) {
      const cell = queue[head++];
      hitSum += hits[cell]; size += counts[cell];
      const cx = cell % nx, cz = Math.floor(cell / nx) % nz, ch = Math.floor(cell / (nx * nz));
      if (cx < loX) loX = cx; if (cx > hiX) hiX = cx; if (cz < loZ) loZ = cz; if (cz > hiZ) hiZ = cz;
      for (let dh = -1; dh <= 1; dh++) for (let dz = -1; dz <= 1; dz++) for (let dx = -1; dx <= 1; dx++) {
        const x = cx + dx, z = cz + dz, h = ch + dh;
        if (x < 0 || x >= nx || z < 0 || z >= nz || h < 0 || h >= nh) continue;
        const next = x + nx * (z + nz * h);
        if (label[next] >= 0 || counts[next] < options.minPointsPerCell) continue;
        label[next] = id; queue[tail++] = next;
      }
    }
    componentHits.push(hitSum); componentSize.push(size);
    // Diagonal of the footprint's bounding box (cells → m): a wall or a sofa is wider than anyone.
    componentWidth.push(Math.hypot(hiX - loX + 1, hiZ - loZ + 1) * cellM);
  }
  let best = -1;
  for (let c = 0; c < componentHits.length; c++) {
    if (componentWidth[c] > options.maxWidthM || componentHits[c] === 0) continue;
    if (best < 0 || componentHits[c] > componentHits[best]) best = c;
  }
  if (best < 0) return null;
  const mask = new Uint8Array(cells);
  for (let cell = 0; cell < cells; cell++) {
    if (label[cell] !== best) continue;
    const cx = cell % nx, cz = Math.floor(cell / nx) % nz, ch = Math.floor(cell / (nx * nz));
    for (let dh = -1; dh <= 1; dh++) for (let dz = -1; dz <= 1; dz++) for (let dx = -1; dx <= 1; dx++) {
      const x = cx + dx, z = cz + dz, h = ch + dh;
      if (x < 0 || x >= nx || z < 0 || z >= nz || h < 0 || h >= nh) continue;
      mask[x + nx * (z + nz * h)] = 1;
    }
  }
  const region: PersonRegion = {
    floor, cellM, originX, originZ, originH, nx, nh, nz, mask, bottomM: Infinity, topM: -Infinity, centre: [0, 0, 0], points: 0,
    droppedClusters: componentSize.filter((s, c) => c !== best && s >= 50).length,
  };
  // Extent and centroid over every point in the dilated region down to the foot cut (feet below the clustering line count).
  let sx = 0, sy = 0, sz = 0, n = 0;
  for (let i = 0; i < count; i++) {
    const inCluster = cellOf[i] >= 0 && label[cellOf[i]] === best;
    if (!inCluster && !(heights[i] >= options.footCutM && heights[i] < options.clusterAboveFloorM && inRegion(region, points[3 * i], heights[i], points[3 * i + 2], options.footCutM))) continue;
    const h = heights[i];
    if (h < region.bottomM) region.bottomM = h;
    if (h > region.topM) region.topM = h;
    sx += points[3 * i]; sy += points[3 * i + 1]; sz += points[3 * i + 2]; n++;
  }
  region.centre = [sx / n, sy / n, sz / n];
  region.points = n;
  return region;
}

/**
 * Whether a point at world (x, ·, z) and height h above the floor (m) is in the person's region.
 * Points between footCutM and the clustering line take the mask of the lowest layer above them.
 */
export function inRegion(region: PersonRegion, x: number, h: number, z: number, footCutM: number): boolean {
  if (h < footCutM) return false;
  const cx = Math.floor((x - region.originX) / region.cellM), cz = Math.floor((z - region.originZ) / region.cellM);
  const ch = h < region.originH ? 0 : Math.floor((h - region.originH) / region.cellM);
  if (cx < 0 || cx >= region.nx || cz < 0 || cz >= region.nz || ch >= region.nh) return false;
  return region.mask[cx + region.nx * (cz + region.nz * ch)] === 1;
}

/**
 * The region of a person turning in place: each height layer's cells filled out to a disc about the
 * person's centre (x, z) as wide as the layer's farthest cell. The region is found on a sample of
 * frames (32 of a turn, ~11° apart); an arm 45 cm from the axis moves ~9 cm between two of them,
 * more than the region's one-cell dilation closes, so in the frames between, readings of the arms
 * fell outside the region and were fused as background, carving the arms away (measured on a tall
 * body: the upper arms mostly missing, 16 % of the volume between 1.1 and 1.6 m). A person turning
 * in place sweeps such discs; a walk's person stands still and keeps the region as found.
 */
export function sweptRegion(region: PersonRegion): PersonRegion {
  const { nx, nz, nh, cellM, originX, originZ } = region;
  const mask = new Uint8Array(region.mask.length);
  // Cell-centre distance from the centre, in cells.
  const ux = (region.centre[0] - originX) / cellM - 0.5, uz = (region.centre[2] - originZ) / cellM - 0.5;
  for (let h = 0; h < nh; h++) {
    let farthest = -1;
    for (let z = 0; z < nz; z++) for (let x = 0; x < nx; x++) {
      if (region.mask[x + nx * (z + nz * h)] === 1) farthest = Math.max(farthest, Math.hypot(x - ux, z - uz));
    }
    if (farthest < 0) continue;
    for (let z = 0; z < nz; z++) for (let x = 0; x < nx; x++) {
      if (Math.hypot(x - ux, z - uz) <= farthest) mask[x + nx * (z + nz * h)] = 1;
    }
  }
  return { ...region, mask };
}
