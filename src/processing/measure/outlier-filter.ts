/**
 * Removes isolated points (sensor flyers, dust): a point is kept when its 3x3x3 voxel neighbourhood
 * holds at least 3 other points. The voxel size adapts to the density so that a point on the body
 * surface expects ~30 neighbours; a flyer expects ~0.
 * Linear and allocation-light: points are counting-sorted into voxel layers along y; a rolling set
 * of three dense x–z count grids (the layer below, this layer, the layer above) answers the
 * 27-voxel neighbourhood with plain array reads. Positions in metres. `colors` (rgb per point, or
 * null) are kept with their points, so a coloured capture stays coloured after the filter.
 */
export function filterIsolated(
  positions: Float32Array, count: number, statureM: number, colors: Uint8Array | null = null,
): { positions: Float32Array; colors: Uint8Array | null; count: number; removed: number } {
  if (count < 200) return { positions, colors, count, removed: 0 };
  const density = count / (0.62 * statureM * statureM); // points per m² of body surface
  let cell = Math.min(0.05, Math.max(0.01, Math.sqrt(30 / (9 * density))));
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity, minZ = Infinity, maxZ = -Infinity;
  for (let i = 0; i < count; i++) {
    const x = positions[3 * i], y = positions[3 * i + 1], z = positions[3 * i + 2];
    if (x < minX) minX = x; if (x > maxX) maxX = x;
    if (y < minY) minY = y; if (y > maxY) maxY = y;
    if (z < minZ) minZ = z; if (z > maxZ) maxZ = z;
  }
  while (((maxX - minX) / cell + 3) * ((maxZ - minZ) / cell + 3) > 4e6) cell *= 1.5;
  const nx = Math.floor((maxX - minX) / cell) + 3, nz = Math.floor((maxZ - minZ) / cell) + 3;
  const layers = Math.floor((maxY - minY) / cell) + 1;
  const start = new Uint32Array(layers + 1);
  const cellOf = new Int32Array(count);
  const layerOf = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const l = Math.floor((positions[3 * i + 1] - minY) / cell);
    layerOf[i] = l;
    cellOf[i] = (Math.floor((positions[3 * i + 2] - minZ) / cell) + 1) * nx + Math.floor((positions[3 * i] - minX) / cell) + 1;
    start[l + 1]++;
  }
  for (let l = 0; l < layers; l++) start[l + 1] += start[l];
  // Layer order: order[k] is the input index of sorted position k, sortedCell[k] its x–z cell, so
  // the layer sweeps below read the cells front to back (no jump through order[] per point).
  const order = new Uint32Array(count);
  const sortedCell = new Int32Array(count);
  const cursor = start.slice(0, layers);
  for (let i = 0; i < count; i++) {
    const k = cursor[layerOf[i]]++;
    order[k] = i;
    sortedCell[k] = cellOf[i];
  }
  const grids = [new Int32Array(nx * nz), new Int32Array(nx * nz), new Int32Array(nx * nz)];
  const empty = new Int32Array(nx * nz); // stands for the missing layer below the first / above the last
  const fill = (l: number, sign: 1 | -1) => {
    if (l < 0 || l >= layers) return;
    const g = grids[l % 3];
    for (let k = start[l]; k < start[l + 1]; k++) g[sortedCell[k]] += sign;
  };
  // A body-surface cell holds ~20 points of a layer, all with the same 27-voxel count: count once
  // per cell and layer (countLayer[c] says which layer countOf[c] belongs to).
  const countOf = new Int32Array(nx * nz);
  const countLayer = new Int32Array(nx * nz).fill(-1);
  const keep = new Uint8Array(count);
  fill(0, 1);
  fill(1, 1);
  for (let l = 0; l < layers; l++) {
    const below = l > 0 ? grids[(l - 1) % 3] : empty, here = grids[l % 3], above = l + 1 < layers ? grids[(l + 1) % 3] : empty;
    for (let k = start[l]; k < start[l + 1]; k++) {
      const c = sortedCell[k];
      if (countLayer[c] !== l) {
        let total = 0;
        for (let dz = -nx; dz <= nx; dz += nx) {
          for (let dx = -1; dx <= 1; dx++) {
            const n = c + dz + dx;
            total += here[n] + below[n] + above[n];
          }
        }
        countOf[c] = total;
        countLayer[c] = l;
      }
      if (countOf[c] - 1 >= 3) keep[order[k]] = 1; // − 1: the point itself
    }
    fill(l - 1, -1); // retire the layer below; its grid is reused for layer l + 2
    fill(l + 2, 1);
  }
  const out = new Float32Array(3 * count);
  const outColors = colors ? new Uint8Array(3 * count) : null;
  let kept = 0;
  for (let i = 0; i < count; i++) {
    if (!keep[i]) continue;
    out[3 * kept] = positions[3 * i];
    out[3 * kept + 1] = positions[3 * i + 1];
    out[3 * kept + 2] = positions[3 * i + 2];
    if (outColors) { outColors[3 * kept] = colors![3 * i]; outColors[3 * kept + 1] = colors![3 * i + 1]; outColors[3 * kept + 2] = colors![3 * i + 2]; }
    kept++;
  }
  return { positions: out, colors: outColors ? outColors.subarray(0, 3 * kept) : null, count: kept, removed: count - kept };
}
