/**
 * Connected components of a 2-D point set at a link distance, via an occupancy grid: points share
 * a component when their cells touch (8-neighbourhood), so points closer than `cellM` are always
 * linked and points farther than 2√2·cellM never are. Linear in the number of points.
 * This separates the loops of a body cut: torso from arms, left leg from right leg.
 * Scratch arrays are reused between calls (one allocation per growth, none per call).
 */
export interface ComponentScratch {
  cellOf: Int32Array;
  grid: Int32Array;
  queue: Int32Array;
  occupied: Int32Array;
}

export function makeComponentScratch(): ComponentScratch {
  return { cellOf: new Int32Array(1024), grid: new Int32Array(4096).fill(-1), queue: new Int32Array(1024), occupied: new Int32Array(1024) };
}

export interface Components {
  /** Component label of each point (0..count-1 order of the input). */
  labels: Int32Array;
  /** Number of components. */
  count: number;
}

const MAX_CELLS = 1 << 20;

/**
 * Labels `n` points given as xy-interleaved `xy` (any unit; cellM in the same unit).
 * `labelsOut` must have length ≥ n. Returns the number of components.
 */
export function labelComponents(xy: Float64Array, n: number, cellM: number, scratch: ComponentScratch, labelsOut: Int32Array): number {
  if (n === 0) return 0;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < n; i++) {
    const x = xy[2 * i], y = xy[2 * i + 1];
    if (x < minX) minX = x; if (x > maxX) maxX = x;
    if (y < minY) minY = y; if (y > maxY) maxY = y;
  }
  let cell = cellM;
  let nx = Math.floor((maxX - minX) / cell) + 3, ny = Math.floor((maxY - minY) / cell) + 3;
  while (nx * ny > MAX_CELLS) { cell *= 1.5; nx = Math.floor((maxX - minX) / cell) + 3; ny = Math.floor((maxY - minY) / cell) + 3; }
  if (scratch.grid.length < nx * ny) scratch.grid = new Int32Array(nx * ny * 2).fill(-1);
  if (scratch.cellOf.length < n) scratch.cellOf = new Int32Array(n * 2);
  if (scratch.occupied.length < n) scratch.occupied = new Int32Array(n * 2);
  if (scratch.queue.length < n) scratch.queue = new Int32Array(n * 2);
  const { grid, cellOf, occupied, queue } = scratch;
  // grid holds -1 (empty), -2 (occupied, unlabelled) or a label ≥ 0.
  let occupiedCount = 0;
  for (let i = 0; i < n; i++) {
    const cx = Math.floor((xy[2 * i] - minX) / cell) + 1, cy = Math.floor((xy[2 * i + 1] - minY) / cell) + 1;
    const c = cy * nx + cx;
    cellOf[i] = c;
    if (grid[c] === -1) { grid[c] = -2; occupied[occupiedCount++] = c; }
  }
  let labels = 0;
  for (let o = 0; o < occupiedCount; o++) {
    const start = occupied[o];
    if (grid[start] !== -2) continue;
    grid[start] = labels;
    let head = 0, tail = 0;
    queue[tail++] = start;
    while (head < tail) {
      const c = queue[head++];
      for (let dy = -nx; dy <= nx; dy += nx) {
        for (let dx = -1; dx <= 1; dx++) {
          const d = c + dy + dx;
          if (grid[d] === -2) { grid[d] = labels; queue[tail++] = d; }
        }
      }
    }
    labels++;
  }
  for (let i = 0; i < n; i++) labelsOut[i] = grid[cellOf[i]];
  for (let o = 0; o < occupiedCount; o++) grid[occupied[o]] = -1;
  return labels;
}
