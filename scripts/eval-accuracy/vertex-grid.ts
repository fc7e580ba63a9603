// Nearest-vertex lookups on a uniform grid (units follow the positions): which mesh vertex a cut
// loop's point lies nearest (its body-part label).
/** One number per grid cell (cell indices within +-2^16, exact in a double). */
const cellKey = (i: number, j: number, k: number): number => ((i + 65536) * 131072 + (j + 65536)) * 131072 + (k + 65536);

/** Uniform grid over a vertex subset for nearest-vertex queries. */
export class VertexGrid {
  private readonly cells = new Map<number, number[]>();
  private readonly positions: Float64Array;
  private readonly cell: number;
  constructor(positions: Float64Array, vertices: Uint32Array, cell: number) {
    this.positions = positions;
    this.cell = cell;
    for (const v of vertices) {
      const key = this.key(positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]);
      const list = this.cells.get(key);
      if (list) list.push(v); else this.cells.set(key, [v]);
    }
  }
  private key(x: number, y: number, z: number): number {
    return cellKey(Math.floor(x / this.cell), Math.floor(y / this.cell), Math.floor(z / this.cell));
  }
  /** Nearest indexed vertex within one cell of the query's cell (so within `cell`), or -1. */
  nearest(x: number, y: number, z: number): number {
    const i = Math.floor(x / this.cell), j = Math.floor(y / this.cell), k = Math.floor(z / this.cell);
    let best = -1, bestD = Infinity;
    for (let di = -1; di <= 1; di++) for (let dj = -1; dj <= 1; dj++) for (let dk = -1; dk <= 1; dk++) {
      const list = this.cells.get(cellKey(i + di, j + dj, k + dk));
      if (!list) continue;
      for (const v of list) {
        const d = (this.positions[3 * v] - x) ** 2 + (this.positions[3 * v + 1] - y) ** 2 + (this.positions[3 * v + 2] - z) ** 2;
        if (d < bestD) { bestD = d; best = v; }
      }
    }
    return best;
  }
}
