import type { DepthIntrinsics } from '../../domain/phone-recording.ts';

/**
 * An ideal depth camera: z-buffer rasterisation of a triangle mesh and of infinite planes into a
 * z-depth image (metres along the optical axis, 0 = nothing seen), the ground truth the sensor model
 * (lidar-sensor-model.ts) then degrades.
 *
 * Frame: OpenCV camera axes (x right, y down, z forward); pinhole projection u = fx x/z + cx,
 * v = fy y/z + cy with pixel centres at integer (u, v), as OpenCV and the Stray format assume.
 * Depth between a triangle's corners is interpolated perspective-correctly (1/z is linear in the
 * image; e.g. Foley et al., Computer Graphics, 2nd ed., section 15.4). Triangles with a corner
 * nearer than NEAR_M are dropped rather than clipped: a body 0.8 m or more from the camera never
 * comes that close.
 */
export const NEAR_M = 0.05;

export interface DepthImage {
  width: number;
  height: number;
  /** Row-major z-depth (m); 0 where no surface was hit. */
  depthM: Float32Array;
}

/** A camera at `worldToCamera` (column-major 4x4, world metres to OpenCV camera metres). */
export interface DepthView {
  width: number;
  height: number;
  intrinsics: DepthIntrinsics;
  worldToCamera: Float64Array;
}

export function emptyDepthImage(width: number, height: number): DepthImage {
  return { width, height, depthM: new Float32Array(width * height) };
}

/**
 * Rasterises a triangle mesh (world metres, xyz interleaved; indices in threes) into `image`,
 * keeping the nearest surface per pixel. `scratch` (3 floats per vertex) holds camera-space
 * vertices so repeated frames allocate nothing. Either winding is drawn (no back-face culling).
 */
export function rasteriseMesh(
  image: DepthImage, view: DepthView, positionsM: Float32Array, indices: Uint32Array, scratch: Float32Array,
): void {
  const { width, height, depthM } = image;
  const { fx, fy, cx, cy } = view.intrinsics;
  const m = view.worldToCamera;
  const vertexCount = positionsM.length / 3;
  if (scratch.length < 3 * vertexCount) throw new Error('rasteriseMesh: scratch too small');
  // Camera space: x' = u (projected), y' = v (projected), z' = camera z (m).
  for (let i = 0; i < vertexCount; i++) {
    const x = positionsM[3 * i], y = positionsM[3 * i + 1], z = positionsM[3 * i + 2];
    const xc = m[0] * x + m[4] * y + m[8] * z + m[12];
    const yc = m[1] * x + m[5] * y + m[9] * z + m[13];
    const zc = m[2] * x + m[6] * y + m[10] * z + m[14];
    scratch[3 * i + 2] = zc;
    if (zc > NEAR_M) {
      scratch[3 * i] = fx * (xc / zc) + cx;
      scratch[3 * i + 1] = fy * (yc / zc) + cy;
    }
  }
  for (let t = 0; t < indices.length; t += 3) {
    const a = 3 * indices[t], b = 3 * indices[t + 1], c = 3 * indices[t + 2];
    const za = scratch[a + 2], zb = scratch[b + 2], zc = scratch[c + 2];
    if (za <= NEAR_M || zb <= NEAR_M || zc <= NEAR_M) continue;
    const ax = scratch[a], ay = scratch[a + 1];
    const bx = scratch[b], by = scratch[b + 1];
    const qx = scratch[c], qy = scratch[c + 1];
    const area = (bx - ax) * (qy - ay) - (by - ay) * (qx - ax);
    if (area === 0 || !Number.isFinite(area)) continue;
    const minU = Math.max(0, Math.ceil(Math.min(ax, bx, qx)));
    const maxU = Math.min(width - 1, Math.floor(Math.max(ax, bx, qx)));
    const minV = Math.max(0, Math.ceil(Math.min(ay, by, qy)));
    const maxV = Math.min(height - 1, Math.floor(Math.max(ay, by, qy)));
    if (minU > maxU || minV > maxV) continue;
    const inverseArea = 1 / area;
    const iza = 1 / za, izb = 1 / zb, izc = 1 / zc;
    for (let v = minV; v <= maxV; v++) {
      for (let u = minU; u <= maxU; u++) {
        // Barycentric weights of the pixel centre (u, v) from the three edge functions.
        const w0 = ((bx - u) * (qy - v) - (by - v) * (qx - u)) * inverseArea;
        const w1 = ((qx - u) * (ay - v) - (qy - v) * (ax - u)) * inverseArea;
        const w2 = 1 - w0 - w1;
        if (w0 < 0 || w1 < 0 || w2 < 0) continue;
        const depth = 1 / (w0 * iza + w1 * izb + w2 * izc);
        const index = v * width + u;
        const current = depthM[index];
        if (current === 0 || depth < current) depthM[index] = depth;
      }
    }
  }
}

/**
 * Draws the infinite plane {p : n . p = offsetM} (world; n unit) where it is nearer than what is
 * already drawn, by intersecting each pixel's ray with it. `cameraToWorld` is the inverse of the
 * view's worldToCamera. Only the side of the plane the camera is on is visible (a floor seen from
 * above, a wall from the room). `maxDepthM` leaves farther hits empty.
 */
export function rasterisePlane(
  image: DepthImage, view: DepthView, cameraToWorld: Float64Array, normal: readonly [number, number, number], offsetM: number, maxDepthM: number,
): void {
  const { width, height, depthM } = image;
  const { fx, fy, cx, cy } = view.intrinsics;
  const r = cameraToWorld;
  // Plane in camera coordinates: n_c . p_c = d_c, with n_c = R^T n and d_c = offset - n . t.
  const ncx = r[0] * normal[0] + r[1] * normal[1] + r[2] * normal[2];
  const ncy = r[4] * normal[0] + r[5] * normal[1] + r[6] * normal[2];
  const ncz = r[8] * normal[0] + r[9] * normal[1] + r[10] * normal[2];
  const dc = offsetM - (normal[0] * r[12] + normal[1] * r[13] + normal[2] * r[14]);
  // The camera sees the plane from the side where n . p - offset has the sign of -dc.
  for (let v = 0; v < height; v++) {
    const ry = (v - cy) / fy;
    for (let u = 0; u < width; u++) {
      const rx = (u - cx) / fx;
      // Ray p = z (rx, ry, 1): n_c . p = d_c  =>  z = d_c / (n_c . (rx, ry, 1)).
      const denominator = ncx * rx + ncy * ry + ncz;
      if (Math.abs(denominator) < 1e-12) continue;
      const depth = dc / denominator;
      if (!(depth > NEAR_M) || depth > maxDepthM) continue;
      const index = v * width + u;
      const current = depthM[index];
      if (current === 0 || depth < current) depthM[index] = depth;
    }
  }
}
