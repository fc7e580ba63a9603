// Samples points uniformly by area on a triangle mesh, with "clothing" colours by height, to stand in
// for a coloured point-cloud capture (deterministic: a fixed-seed generator).
export function samplePointCloud(positionsM: Float32Array, indices: Uint32Array, count: number, seed = 1): { positions: Float32Array; colors: Uint8Array; normals: Float32Array } {
  const triangleCount = indices.length / 3;
  const cumulative = new Float64Array(triangleCount);
  let total = 0;
  const normalsPerTriangle = new Float32Array(triangleCount * 3);
  for (let t = 0; t < triangleCount; t++) {
    const a = indices[t * 3] * 3, b = indices[t * 3 + 1] * 3, c = indices[t * 3 + 2] * 3;
    const ux = positionsM[b] - positionsM[a], uy = positionsM[b + 1] - positionsM[a + 1], uz = positionsM[b + 2] - positionsM[a + 2];
    const vx = positionsM[c] - positionsM[a], vy = positionsM[c + 1] - positionsM[a + 1], vz = positionsM[c + 2] - positionsM[a + 2];
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const length = Math.hypot(nx, ny, nz);
    total += length / 2;
    cumulative[t] = total;
    if (length > 0) { normalsPerTriangle[t * 3] = nx / length; normalsPerTriangle[t * 3 + 1] = ny / length; normalsPerTriangle[t * 3 + 2] = nz / length; }
  }
  let state = seed >>> 0 || 1;
  const random = (): number => {
    state ^= state << 13; state >>>= 0; state ^= state >>> 17; state ^= state << 5; state >>>= 0;
    return state / 4294967296;
  };
  const positions = new Float32Array(count * 3);
  const colors = new Uint8Array(count * 3);
  const normals = new Float32Array(count * 3);
  for (let i = 0; i < count; i++) {
    const target = random() * total;
    let lo = 0, hi = triangleCount - 1;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (cumulative[mid] < target) lo = mid + 1; else hi = mid; }
    let r1 = random(), r2 = random();
    if (r1 + r2 > 1) { r1 = 1 - r1; r2 = 1 - r2; }
    const a = indices[lo * 3] * 3, b = indices[lo * 3 + 1] * 3, c = indices[lo * 3 + 2] * 3;
    for (let k = 0; k < 3; k++) {
      positions[i * 3 + k] = positionsM[a + k] + r1 * (positionsM[b + k] - positionsM[a + k]) + r2 * (positionsM[c + k] - positionsM[a + k]);
      normals[i * 3 + k] = normalsPerTriangle[lo * 3 + k];
    }
    const y = positions[i * 3 + 1], x = Math.abs(positions[i * 3]);
    const [r, g, bl] = y > 0.62 && y < 1.05 && x < 0.2 ? [40, 48, 70] // dark shorts
      : y >= 1.05 && y < 1.47 && x < 0.24 ? [70, 120, 180] // blue top
        : y < 0.09 ? [235, 235, 235] // white socks
          : [212, 165, 140]; // skin
    const noise = (random() - 0.5) * 16;
    colors[i * 3] = Math.max(0, Math.min(255, r + noise));
    colors[i * 3 + 1] = Math.max(0, Math.min(255, g + noise));
    colors[i * 3 + 2] = Math.max(0, Math.min(255, bl + noise));
  }
  return { positions, colors, normals };
}
