/**
 * Turns the occupied cells of a point cloud (a shell one or two cells thick, with sampling gaps and
 * maybe holes) into the solid body: a morphological closing whose middle step fills the inside.
 *
 * 1. Dilate the occupancy by one cell (3x3x3 box): gaps of up to two empty cells in the shell close.
 * 2. Outside = what a 6-connected flood from the grid's faces reaches through empty cells. When the
 *    body stands on a floor, the flood never enters the floor layers (below the lowest point): the
 *    soles, which a scanner does not see, are closed by the floor.
 * 3. Also outside only if a 4-connected flood of the same horizontal layer reaches it from the
 *    layer's border: a hole bigger than the closing (the crown a scanner did not see) lets the 3-D
 *    flood in, but the body's horizontal sections below it are still closed rings. Cost: a loop that
 *    lies in a horizontal plane (hands on hips) gets a membrane; body-scan poses (A-pose) have none.
 * 4. Erode by one cell (the dilation's inverse, floor counted as solid) so the solid's boundary
 *    returns to the outer face of the point shell.
 * Cells: the VoxelGrid layout. Values: 1 solid, 0 not. Linear in the number of cells.
 */
import type { VoxelGrid } from './voxel-grid.ts';

/**
 * `empty` (optional, per cell 1/0): cells known to be empty space (e.g. seen free by a depth sensor);
 * the closing never fills them, so the flood passes through a gap narrower than the closing (between
 * two thighs just below the crotch), and the occupied cells beside them stay solid.
 */
export function solidFromOccupancy(grid: VoxelGrid, counts: Uint32Array, empty: Uint8Array | null = null): Uint8Array {
  const { nx, ny, nz, floorLayer } = grid;
  const cells = nx * ny * nz;
  const occupied = new Uint8Array(cells);
  for (let c = 0; c < cells; c++) occupied[c] = counts[c] > 0 ? 1 : 0;
  const closedShell = dilateBox(occupied, nx, ny, nz);
  if (empty) for (let c = 0; c < cells; c++) if (empty[c] === 1 && occupied[c] === 0) closedShell[c] = 0;
  const outside = new Uint8Array(cells);
  const queue = new Int32Array(cells);
  floodOutside3d(grid, closedShell, outside, queue);
  // Layers above the floor: inside when either flood says so (the 3-D flood may have leaked).
  const slice = nx * nz;
  const outside2d = new Uint8Array(slice);
  const dilatedSolid = new Uint8Array(cells);
  for (let y = 0; y < ny; y++) {
    const base = y * slice;
    if (y < floorLayer) { dilatedSolid.fill(1, base, base + slice); continue; }
    floodLayer(closedShell.subarray(base, base + slice), outside2d, nx, nz, queue);
    for (let i = 0; i < slice; i++) dilatedSolid[base + i] = outside[base + i] === 1 && outside2d[i] === 1 ? 0 : 1;
  }
  // Erosion = complement of the dilated complement.
  for (let c = 0; c < cells; c++) dilatedSolid[c] ^= 1;
  const solid = dilateBox(dilatedSolid, nx, ny, nz);
  for (let c = 0; c < cells; c++) solid[c] ^= 1;
  // The erosion must not eat occupied cells beside a known-empty channel (elsewhere it never does).
  if (empty) for (let c = 0; c < cells; c++) solid[c] |= occupied[c];
  solid.fill(0, 0, floorLayer * slice);
  return solid;
}

/**
 * 3x3x3 box dilation of a 0/1 mask (separable: three passes of a 3-wide max; beyond the grid
 * counts as 0). Every pass walks memory in order, with the bounds tests hoisted out of the inner loops.
 */
export function dilateBox(mask: Uint8Array, nx: number, ny: number, nz: number): Uint8Array {
  const a = new Uint8Array(mask.length);
  const b = new Uint8Array(mask.length);
  const slice = nx * nz;
  for (let row = 0; row < ny * nz; row++) {
    const first = row * nx, last = first + nx - 1;
    a[first] = mask[first] | (nx > 1 ? mask[first + 1] : 0);
    for (let i = first + 1; i < last; i++) a[i] = mask[i - 1] | mask[i] | mask[i + 1];
    if (last > first) a[last] = mask[last] | mask[last - 1];
  }
  for (let y = 0; y < ny; y++) {
    const base = y * slice;
    for (let z = 0; z < nz; z++) {
      const rowStart = base + z * nx, rowEnd = rowStart + nx;
      const hasBefore = z > 0, hasAfter = z < nz - 1;
      for (let i = rowStart; i < rowEnd; i++) b[i] = a[i] | (hasBefore ? a[i - nx] : 0) | (hasAfter ? a[i + nx] : 0);
    }
  }
  for (let y = 0; y < ny; y++) {
    const base = y * slice, end = base + slice;
    if (y > 0 && y < ny - 1) { for (let i = base; i < end; i++) a[i] = b[i - slice] | b[i] | b[i + slice]; continue; }
    for (let i = base; i < end; i++) a[i] = b[i] | (y > 0 ? b[i - slice] : 0) | (y < ny - 1 ? b[i + slice] : 0);
  }
  return a;
}

/**
 * 6-connected flood through cells with wall 0, seeded at the side and top faces (and the bottom one
 * when there is no floor), above the floor.
 * The grid's padding keeps walls off the border, so the flood starts from the cells one in from
 * the border, with the border itself pre-marked: a popped cell never has a neighbour off the grid,
 * and the loop needs no bounds checks. Floor layers are pre-marked as visited (state 2).
 */
function floodOutside3d(grid: VoxelGrid, wall: Uint8Array, outside: Uint8Array, queue: Int32Array): void {
  const { nx, ny, nz, floorLayer } = grid;
  const slice = nx * nz;
  const state = new Uint8Array(wall.length);
  state.fill(2, 0, floorLayer * slice);
  let tail = 0;
  for (let y = floorLayer; y < ny; y++) {
    for (let z = 0; z < nz; z++) {
      const row = nx * z + slice * y;
      // Without a floor (floorLayer 0) the bottom face is open air like the others.
      const rowIsBorder = y === ny - 1 || z === 0 || z === nz - 1 || (floorLayer === 0 && y === 0);
      const rowIsRing = y === ny - 2 || z === 1 || z === nz - 2 || (floorLayer === 0 && y === 1);
      for (let x = 0; x < nx; x++) {
        const c = row + x;
        if (rowIsBorder || x === 0 || x === nx - 1) { state[c] = 1; continue; }
        if (wall[c] !== 0) { state[c] = 2; continue; }
        if (rowIsRing || x === 1 || x === nx - 2) { state[c] = 1; queue[tail++] = c; }
      }
    }
  }
  for (let head = 0; head < tail; head++) {
    const c = queue[head];
    if (state[c - 1] === 0) { state[c - 1] = 1; queue[tail++] = c - 1; }
    if (state[c + 1] === 0) { state[c + 1] = 1; queue[tail++] = c + 1; }
    if (state[c - nx] === 0) { state[c - nx] = 1; queue[tail++] = c - nx; }
    if (state[c + nx] === 0) { state[c + nx] = 1; queue[tail++] = c + nx; }
    if (state[c - slice] === 0) { state[c - slice] = 1; queue[tail++] = c - slice; }
    if (state[c + slice] === 0) { state[c + slice] = 1; queue[tail++] = c + slice; }
  }
  for (let c = 0; c < wall.length; c++) outside[c] = state[c] === 1 ? 1 : 0;
}

/**
 * 4-connected flood of one horizontal layer from its border through cells with wall 0 (state: 0
 * free, 1 outside, 2 wall). Same guard as the 3-D flood: the border is pre-marked, the ring inside
 * it seeds the flood, so no bounds checks.
 */
function floodLayer(wall: Uint8Array, outside: Uint8Array, nx: number, nz: number, queue: Int32Array): void {
  for (let c = 0; c < wall.length; c++) outside[c] = wall[c] !== 0 ? 2 : 0;
  let tail = 0;
  const seed = (c: number) => { if (outside[c] === 0) { outside[c] = 1; queue[tail++] = c; } };
  for (let x = 0; x < nx; x++) { outside[x] = 1; outside[x + nx * (nz - 1)] = 1; }
  for (let z = 0; z < nz; z++) { outside[nx * z] = 1; outside[nx * z + nx - 1] = 1; }
  for (let x = 1; x < nx - 1; x++) { seed(x + nx); seed(x + nx * (nz - 2)); }
  for (let z = 1; z < nz - 1; z++) { seed(nx * z + 1); seed(nx * z + nx - 2); }
  for (let head = 0; head < tail; head++) {
    const c = queue[head];
    if (outside[c - 1] === 0) { outside[c - 1] = 1; queue[tail++] = c - 1; }
    if (outside[c + 1] === 0) { outside[c + 1] = 1; queue[tail++] = c + 1; }
    if (outside[c - nx] === 0) { outside[c - nx] = 1; queue[tail++] = c - nx; }
    if (outside[c + nx] === 0) { outside[c + nx] = 1; queue[tail++] = c + nx; }
  }
}
