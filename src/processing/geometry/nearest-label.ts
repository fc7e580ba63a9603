/**
 * Label transfer by nearest neighbour: each query point takes the label of the nearest labelled
 * source point within `maxDistM`, else `none`. Used to give a mesh's vertices the body parts a fit
 * assigned to points sampled on that mesh's surface.
 * Method: a hashed uniform grid of cell `maxDistM` over the sources (counting sort into cells, no
 * per-point allocation), sources copied in cell order; each query scans its own cell, then those of
 * its 26 neighbours whose box is nearer than the best point found so far (a mesh vertex's nearest
 * sample is usually in its own cell: most neighbours are skipped). Ties (two sources at exactly the
 * same distance) go to the first one scanned. Positions xyz interleaved (m).
 */

/** Hash of integer cell coordinates into [0, size) (size a power of two). */
function cellHash(ix: number, iy: number, iz: number, mask: number): number {
  return (Math.imul(ix, 73856093) ^ Math.imul(iy, 19349663) ^ Math.imul(iz, 83492791)) & mask;
}

export function transferLabels(
  source: Float32Array, sourceLabels: Uint8Array, sourceCount: number,
  query: Float32Array, queryCount: number, maxDistM: number, none: number,
): Uint8Array {
  let size = 1;
  while (size < 2 * sourceCount) size <<= 1;
  const mask = size - 1;
  const inv = 1 / maxDistM;
  const start = new Uint32Array(size + 1);
  const cellOf = new Uint32Array(sourceCount);
  for (let i = 0; i < sourceCount; i++) {
    const c = cellHash(Math.floor(source[3 * i] * inv), Math.floor(source[3 * i + 1] * inv), Math.floor(source[3 * i + 2] * inv), mask);
    cellOf[i] = c;
    start[c + 1]++;
  }
  for (let c = 0; c < size; c++) start[c + 1] += start[c];
  const cursor = start.slice(0, size);
  // Sources copied in cell order (coordinates and labels side by side: scans read memory in order).
  const xyz = new Float32Array(3 * sourceCount), labels = new Uint8Array(sourceCount);
  for (let i = 0; i < sourceCount; i++) {
    const k = cursor[cellOf[i]]++;
    xyz[3 * k] = source[3 * i]; xyz[3 * k + 1] = source[3 * i + 1]; xyz[3 * k + 2] = source[3 * i + 2];
    labels[k] = sourceLabels[i];
  }
  const out = new Uint8Array(queryCount).fill(none);
  const max2 = maxDistM * maxDistM;
  // Pruning margin: a neighbour cell is skipped only when its box is farther than the best answer
  // by more than rounding could hide (the cell of a point is decided in scaled units).
  const shrink = 1 - 1e-9;
  for (let q = 0; q < queryCount; q++) {
    const x = query[3 * q], y = query[3 * q + 1], z = query[3 * q + 2];
    const ix = Math.floor(x * inv), iy = Math.floor(y * inv), iz = Math.floor(z * inv);
    // Distances (m) from the query to its cell's lower and upper faces, per axis.
    const lox = (x * inv - ix) * maxDistM * shrink, hix = (ix + 1 - x * inv) * maxDistM * shrink;
    const loy = (y * inv - iy) * maxDistM * shrink, hiy = (iy + 1 - y * inv) * maxDistM * shrink;
    const loz = (z * inv - iz) * maxDistM * shrink, hiz = (iz + 1 - z * inv) * maxDistM * shrink;
    let best = max2, label = none;
    // The query's own cell first (its nearest point is usually there), then the 26 neighbours
    // whose box can still hold a point nearer than the best so far.
    for (let n = 0; n < 27; n++) {
      const m = n === 0 ? 13 : n <= 13 ? n - 1 : n;
      const dx = (m % 3) - 1, dy = (((m / 3) | 0) % 3) - 1, dz = ((m / 9) | 0) - 1;
      const ex = dx < 0 ? lox : dx > 0 ? hix : 0, ey = dy < 0 ? loy : dy > 0 ? hiy : 0, ez = dz < 0 ? loz : dz > 0 ? hiz : 0;
      if (ex * ex + ey * ey + ez * ez >= best) continue;
      const c = cellHash(ix + dx, iy + dy, iz + dz, mask);
      for (let k = start[c], e = start[c + 1]; k < e; k++) {
        const fx = xyz[3 * k] - x, fy = xyz[3 * k + 1] - y, fz = xyz[3 * k + 2] - z;
        const d2 = fx * fx + fy * fy + fz * fz;
        if (d2 < best) { best = d2; label = labels[k]; }
      }
    }
    out[q] = label;
  }
  return out;
}
