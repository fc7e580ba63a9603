/**
 * Floor remnants among a reconstruction's levelled surface points (floor at y = 0, m): points low
 * over the floor with no body surface above them nearby. A foot rises from the floor (its sides and
 * instep stand above its lowest centimetres), a remnant of the floor does not.
 *
 * Why: a person turning in place turns about an axis that leans a little (the simulator: 2°), so the
 * floor, fixed in the world, wobbles in the body's frame, where the turn is fused: ±20 mm half a
 * metre from the feet. The frames' floor pixels are masked up to 12 mm above the world floor
 * (person-segmentation.ts footCutM), which keeps only the upper tail of the floor's depth noise, and
 * fused in the body's frame those readings left a disc of floor up to ~35 mm high round the feet:
 * more than 1,000 mesh vertices (up to 13,346) on 25 of 64 simulated turns, none on 64 walks.
 * Measuring's floor search found a "floor" on 19 of the turns and cut the body above it: the two
 * turns of one body stood up to 22 mm apart in height, with every site that hangs from the floor
 * or from stature (docs/recording-reconstruction.md, "The floor round a turn's feet").
 */

/**
 * Per levelled point (xyz interleaved, m), 1 when it lies below `bandM` and no point between
 * `supportBottomM` and `supportTopM` lies within `radiusM` of it horizontally (x, z); else 0.
 * Cells of radiusM / 4 on the low points' x–z bounding box; a cell counts as supported when a cell
 * holding a point in the support band lies within the disc of radiusM around it (cell centres), so
 * the test errs by at most a cell toward keeping a point. The gap between bandM and supportBottomM
 * keeps the floor's own highest readings from supporting their neighbours.
 */
export function floorRemnantPoints(levelled: Float32Array, bandM: number, supportBottomM: number, supportTopM: number, radiusM: number): Uint8Array {
  const count = levelled.length / 3;
  const out = new Uint8Array(count);
  let x0 = Infinity, x1 = -Infinity, z0 = Infinity, z1 = -Infinity, low = 0;
  for (let i = 0; i < count; i++) {
    const y = levelled[3 * i + 1];
    if (y >= supportTopM) continue;
    if (y < bandM) low++;
    const x = levelled[3 * i], z = levelled[3 * i + 2];
    if (x < x0) x0 = x; if (x > x1) x1 = x; if (z < z0) z0 = z; if (z > z1) z1 = z;
  }
  if (low === 0) return out;
  const cellM = radiusM / 4;
  const nx = Math.floor((x1 - x0) / cellM) + 1, nz = Math.floor((z1 - z0) / cellM) + 1;
  const above = new Uint8Array(nx * nz);
  for (let i = 0; i < count; i++) {
    const y = levelled[3 * i + 1];
    if (y < supportBottomM || y >= supportTopM) continue;
    above[Math.floor((levelled[3 * i + 2] - z0) / cellM) * nx + Math.floor((levelled[3 * i] - x0) / cellM)] = 1;
  }
  // Supported cells: within the disc of radiusM (4 cells) of a cell with points above the band.
  const reach = 4;
  const supported = new Uint8Array(nx * nz);
  for (let cz = 0; cz < nz; cz++) {
    for (let cx = 0; cx < nx; cx++) {
      if (!above[cz * nx + cx]) continue;
      for (let dz = -reach; dz <= reach; dz++) {
        const z = cz + dz;
        if (z < 0 || z >= nz) continue;
        for (let dx = -reach; dx <= reach; dx++) {
          const x = cx + dx;
          if (x >= 0 && x < nx && dx * dx + dz * dz <= reach * reach) supported[z * nx + x] = 1;
        }
      }
    }
  }
  for (let i = 0; i < count; i++) {
    if (levelled[3 * i + 1] >= bandM) continue;
    if (!supported[Math.floor((levelled[3 * i + 2] - z0) / cellM) * nx + Math.floor((levelled[3 * i] - x0) / cellM)]) out[i] = 1;
  }
  return out;
}

/** The levelled points without those `remove` marks (a new array; the same one when none is marked). */
export function withoutPoints(levelled: Float32Array, remove: Uint8Array): Float32Array {
  let kept = 0;
  for (let i = 0; i < remove.length; i++) if (!remove[i]) kept++;
  if (kept === remove.length) return levelled;
  const out = new Float32Array(3 * kept);
  let o = 0;
  for (let i = 0; i < remove.length; i++) {
    if (remove[i]) continue;
    out[o] = levelled[3 * i]; out[o + 1] = levelled[3 * i + 1]; out[o + 2] = levelled[3 * i + 2];
    o += 3;
  }
  return out;
}
