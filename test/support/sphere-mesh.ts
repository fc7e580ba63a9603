// A UV sphere (closed, manifold) used as a small known mesh by the asset writer tests.
export function sphereMesh(radiusM: number, center: [number, number, number], rings = 16, segments = 32): { positionsM: Float32Array; indices: Uint32Array } {
  const positions: number[] = [center[0], center[1] + radiusM, center[2]];
  for (let r = 1; r < rings; r++) {
    const polar = (Math.PI * r) / rings;
    for (let s = 0; s < segments; s++) {
      const azimuth = (2 * Math.PI * s) / segments;
      positions.push(
        center[0] + radiusM * Math.sin(polar) * Math.sin(azimuth),
        center[1] + radiusM * Math.cos(polar),
        center[2] + radiusM * Math.sin(polar) * Math.cos(azimuth),
      );
    }
  }
  positions.push(center[0], center[1] - radiusM, center[2]);
  const bottom = positions.length / 3 - 1;
  const ring = (r: number, s: number): number => 1 + (r - 1) * segments + (s % segments);
  const indices: number[] = [];
  for (let s = 0; s < segments; s++) indices.push(0, ring(1, s), ring(1, s + 1));
  for (let r = 1; r < rings - 1; r++) {
    for (let s = 0; s < segments; s++) {
      indices.push(ring(r, s), ring(r + 1, s), ring(r + 1, s + 1), ring(r, s), ring(r + 1, s + 1), ring(r, s + 1));
    }
  }
  for (let s = 0; s < segments; s++) indices.push(bottom, ring(rings - 1, s + 1), ring(rings - 1, s));
  return { positionsM: new Float32Array(positions), indices: new Uint32Array(indices) };
}
