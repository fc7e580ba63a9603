import { buildPointGrid } from '../body-model/point-grid.ts';

/**
 * Capture colours carried onto the posed avatar, one rgb per model vertex: the inverse-distance
 * weighted mean of the capture points within `radiusM` of the vertex that carry the vertex's body
 * part (the fit labels every capture point), so an arm resting on the torso keeps the sleeve's colour
 * and the torso's side keeps the shirt's, which a projection around the body axis cannot tell apart.
 * Vertices with no such point take the nearest point of any part within radiusM; the rest are
 * filled from their neighbours along the triangles; a vertex still empty takes the mean colour.
 * Canonical frame, m; colours 0..255. Points are bucketed in a uniform grid of radiusM cells, and at
 * most POINTS_PER_CELL of each cell are read (in capture order, which is not spatial): a colour
 * needs a sample of its neighbourhood, not all of a dense capture's points.
 */
const POINTS_PER_CELL = 12;

export function avatarVertexColors(
  posedM: Float32Array, triangles: Uint32Array, vertexPart: Uint8Array,
  pointsM: Float32Array, pointColors: Uint8Array, pointPart: Uint8Array | null, radiusM = 0.015,
): Uint8Array {
  const vertexCount = posedM.length / 3;
  const pointCount = Math.min(pointsM.length / 3, pointColors.length / 3);
  const parts = pointPart && pointPart.length === pointCount ? pointPart : null;
  // Points bucketed by cell (the fit's uniform grid): each cell's points in capture order.
  const grid = buildPointGrid(pointsM, pointCount, radiusM);
  const { nx, ny, nz, cellStart: start, order, cellM: cell, originX: minX, originY: minY, originZ: minZ } = grid;

  const colors = new Uint8Array(3 * vertexCount);
  const known = new Uint8Array(vertexCount);
  const r2 = radiusM * radiusM;
  for (let v = 0; v < vertexCount; v++) {
    const x = posedM[3 * v], y = posedM[3 * v + 1], z = posedM[3 * v + 2];
    const i0 = Math.floor((x - minX) / cell), j0 = Math.floor((y - minY) / cell), k0 = Math.floor((z - minZ) / cell);
    let sr = 0, sg = 0, sb = 0, sw = 0, nearest = -1, nearest2 = r2;
    for (let j = j0 - 1; j <= j0 + 1; j++) {
      if (j < 0 || j >= ny) continue;
      for (let k = k0 - 1; k <= k0 + 1; k++) {
        if (k < 0 || k >= nz) continue;
        for (let i = i0 - 1; i <= i0 + 1; i++) {
          if (i < 0 || i >= nx) continue;
          const c = (k * ny + j) * nx + i;
          for (let q = start[c], end = Math.min(start[c + 1], start[c] + POINTS_PER_CELL); q < end; q++) {
            const p = order[q];
            const dx = pointsM[3 * p] - x, dy = pointsM[3 * p + 1] - y, dz = pointsM[3 * p + 2] - z;
            const d2 = dx * dx + dy * dy + dz * dz;
            if (d2 < nearest2) { nearest2 = d2; nearest = p; }
            if (d2 > r2 || (parts && parts[p] !== vertexPart[v])) continue; // other parts, and NO_PART (floor, noise)
            const w = 1 / (Math.sqrt(d2) + 0.002);
            sr += w * pointColors[3 * p]; sg += w * pointColors[3 * p + 1]; sb += w * pointColors[3 * p + 2]; sw += w;
          }
        }
      }
    }
    if (sw > 0) {
      colors[3 * v] = sr / sw + 0.5; colors[3 * v + 1] = sg / sw + 0.5; colors[3 * v + 2] = sb / sw + 0.5; known[v] = 1;
    } else if (nearest >= 0) {
      colors[3 * v] = pointColors[3 * nearest]; colors[3 * v + 1] = pointColors[3 * nearest + 1]; colors[3 * v + 2] = pointColors[3 * nearest + 2]; known[v] = 1;
    }
  }
  fillFromNeighbours(colors, known, triangles, vertexCount);
  return colors;
}

/** Empty vertices take the mean of their known triangle neighbours, pass after pass (at most 50); leftovers the mean colour. */
function fillFromNeighbours(colors: Uint8Array, known: Uint8Array, triangles: Uint32Array, vertexCount: number): void {
  const sum = new Float64Array(4 * vertexCount);
  for (let pass = 0; pass < 50; pass++) {
    sum.fill(0);
    for (let t = 0; t < triangles.length; t += 3) {
      for (let e = 0; e < 3; e++) {
        const a = triangles[t + e], b = triangles[t + ((e + 1) % 3)];
        if (known[a] && !known[b]) { sum[4 * b] += colors[3 * a]; sum[4 * b + 1] += colors[3 * a + 1]; sum[4 * b + 2] += colors[3 * a + 2]; sum[4 * b + 3]++; }
        if (known[b] && !known[a]) { sum[4 * a] += colors[3 * b]; sum[4 * a + 1] += colors[3 * b + 1]; sum[4 * a + 2] += colors[3 * b + 2]; sum[4 * a + 3]++; }
      }
    }
    let changed = 0;
    for (let v = 0; v < vertexCount; v++) {
      const n = sum[4 * v + 3];
      if (known[v] || n === 0) continue;
      colors[3 * v] = sum[4 * v] / n + 0.5; colors[3 * v + 1] = sum[4 * v + 1] / n + 0.5; colors[3 * v + 2] = sum[4 * v + 2] / n + 0.5;
      known[v] = 2;
      changed++;
    }
    for (let v = 0; v < vertexCount; v++) if (known[v] === 2) known[v] = 1;
    if (changed === 0) break;
  }
  let r = 0, g = 0, b = 0, n = 0;
  for (let v = 0; v < vertexCount; v++) if (known[v]) { r += colors[3 * v]; g += colors[3 * v + 1]; b += colors[3 * v + 2]; n++; }
  for (let v = 0; v < vertexCount; v++) {
    if (known[v] || n === 0) continue;
    colors[3 * v] = r / n; colors[3 * v + 1] = g / n; colors[3 * v + 2] = b / n;
  }
}
