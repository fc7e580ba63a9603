/**
 * Label transfer by nearest neighbour: each query point takes the label of the nearest labelled
 * source point within `maxDistM`, else `none`. Used to give a mesh's vertices the body parts a fit
 * assigned to points sampled on that mesh's surface.
 * Method: a hashed uniform grid of cell `maxDistM` over the sources (counting sort into cells, no
 * per-point allocation); each query scans its 27 neighbouring cells. Positions xyz interleaved (m).
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
  const sorted = new Uint32Array(sourceCount);
  for (let i = 0; i < sourceCount; i++) sorted[cursor[cellOf[i]]++] = i;
  const out = new Uint8Array(queryCount).fill(none);
  const max2 = maxDistM * maxDistM;
  for (let q = 0; q < queryCount; q++) {
    const x = query[3 * q], y = query[3 * q + 1], z = query[3 * q + 2];
    const ix = Math.floor(x * inv), iy = Math.floor(y * inv), iz = Math.floor(z * inv);
    let best = max2, label = none;
    for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) for (let dz = -1; dz <= 1; dz++) {
      const c = cellHash(ix + dx, iy + dy, iz + dz, mask);
      for (let k = start[c]; k < start[c + 1]; k++) {
        const i = sorted[k];
        const ex = source[3 * i] - x, ey = source[3 * i + 1] - y, ez = source[3 * i + 2] - z;
        const d2 = ex * ex + ey * ey + ez * ez;
        if (d2 < best) { best = d2; label = sourceLabels[i]; }
      }
    }
    out[q] = label;
  }
  return out;
}
