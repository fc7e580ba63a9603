/**
 * Removes isolated points (sensor flyers, dust): a point is kept when its 3x3x3 voxel neighbourhood
 * holds at least `minNeighbours` other points. The voxel size adapts to the density so that a point
 * on the body surface expects ~30 neighbours; a flyer expects ~0. Linear: one hash pass to count,
 * one to test. Positions in metres, canonical or not (the test is rotation-invariant enough).
 */
export function filterIsolated(positions: Float32Array, count: number, statureM: number): { positions: Float32Array; count: number; removed: number } {
  if (count < 200) return { positions, count, removed: 0 };
  const areaM2 = 0.62 * statureM * statureM; // body surface area, Du Bois-like scaling
  const density = count / areaM2; // points per m²
  const cell = Math.min(0.05, Math.max(0.01, Math.sqrt(30 / (9 * density))));
  const counts = new Map<number, number>();
  const keys = new Float64Array(count);
  const K = 4096;
  for (let i = 0; i < count; i++) {
    const ix = Math.floor(positions[3 * i] / cell) + K / 2;
    const iy = Math.floor(positions[3 * i + 1] / cell) + K / 2;
    const iz = Math.floor(positions[3 * i + 2] / cell) + K / 2;
    const key = (ix * K + iy) * K + iz;
    keys[i] = key;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const neighbourhood = new Map<number, number>();
  const minNeighbours = 3;
  const out = new Float32Array(3 * count);
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const key = keys[i];
    let total = neighbourhood.get(key);
    if (total === undefined) {
      total = 0;
      for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) for (let dz = -1; dz <= 1; dz++) {
        total += counts.get(key + (dx * K + dy) * K + dz) ?? 0;
      }
      neighbourhood.set(key, total);
    }
    if (total - 1 < minNeighbours) continue;
    out[3 * kept] = positions[3 * i];
    out[3 * kept + 1] = positions[3 * i + 1];
    out[3 * kept + 2] = positions[3 * i + 2];
    kept++;
  }
  return { positions: out, count: kept, removed: count - kept };
}
