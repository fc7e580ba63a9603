import type { RgbaImage } from './asset-mesh.ts';
import { computeSmoothNormals } from './smooth-normals.ts';

export interface PreviewMesh {
  /** xyz per vertex, canonical frame (m, Y up, facing +Z). */
  positionsM: Float32Array;
  indices: Uint32Array;
  normals: Float32Array | null;
  /** rgb per vertex 0..255, or null for a uniform skin tone. */
  colors: Uint8Array | null;
}

export interface PreviewOptions {
  widthPx?: number;
  heightPx?: number;
  /** Background rgb 0..255 (a neutral light grey by default). */
  background?: [number, number, number];
  /** Surface rgb 0..255 when the mesh has no colours. */
  surface?: [number, number, number];
}

export const PREVIEW_WIDTH_PX = 512;
export const PREVIEW_HEIGHT_PX = 1024;
const AMBIENT = 0.3;
const DIFFUSE = 0.7;
// Light from the viewer's upper left (viewer at +Z): unit vector towards the light.
const LIGHT = normalize3(-0.35, 0.45, 1);

/**
 * Renders the mesh as seen from the front: orthographic projection along -Z (image x = +X, which is
 * the body's left on the image's right, as a person facing you), fitted with a 5 % margin into a
 * width x height image, z-buffered, Gouraud-shaded with ambient + Lambert light from the upper left.
 * Input in the canonical frame (m); output an opaque RGBA image. Pure.
 */
export function renderPreview(mesh: PreviewMesh, options: PreviewOptions = {}): RgbaImage {
  const width = options.widthPx ?? PREVIEW_WIDTH_PX;
  const height = options.heightPx ?? PREVIEW_HEIGHT_PX;
  const background = options.background ?? [236, 236, 232];
  const surface = options.surface ?? [205, 170, 150];
  const rgba = new Uint8Array(width * height * 4);
  for (let p = 0; p < width * height; p++) {
    rgba[p * 4] = background[0]; rgba[p * 4 + 1] = background[1]; rgba[p * 4 + 2] = background[2]; rgba[p * 4 + 3] = 255;
  }
  const image: RgbaImage = { width, height, rgba };
  const { positionsM, indices } = mesh;
  const vertexCount = positionsM.length / 3;
  if (vertexCount === 0 || indices.length === 0) return image;
  const normals = mesh.normals ?? computeSmoothNormals(positionsM, indices);

  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (let v = 0; v < vertexCount; v++) {
    const x = positionsM[v * 3], y = positionsM[v * 3 + 1];
    if (x < minX) minX = x; if (x > maxX) maxX = x;
    if (y < minY) minY = y; if (y > maxY) maxY = y;
  }
  const scalePxPerM = 0.9 * Math.min(width / Math.max(maxX - minX, 1e-6), height / Math.max(maxY - minY, 1e-6));
  const offsetX = width / 2 - scalePxPerM * (minX + maxX) / 2;
  const offsetY = height / 2 + scalePxPerM * (minY + maxY) / 2;

  // Per-vertex screen position, depth (larger = nearer the viewer) and shaded colour.
  const screen = new Float32Array(vertexCount * 3);
  const shaded = new Float32Array(vertexCount * 3);
  for (let v = 0; v < vertexCount; v++) {
    screen[v * 3] = offsetX + scalePxPerM * positionsM[v * 3];
    screen[v * 3 + 1] = offsetY - scalePxPerM * positionsM[v * 3 + 1];
    screen[v * 3 + 2] = positionsM[v * 3 + 2];
    const lambert = normals[v * 3] * LIGHT[0] + normals[v * 3 + 1] * LIGHT[1] + normals[v * 3 + 2] * LIGHT[2];
    const light = AMBIENT + DIFFUSE * (lambert > 0 ? lambert : 0);
    const colors = mesh.colors;
    shaded[v * 3] = light * (colors ? colors[v * 3] : surface[0]);
    shaded[v * 3 + 1] = light * (colors ? colors[v * 3 + 1] : surface[1]);
    shaded[v * 3 + 2] = light * (colors ? colors[v * 3 + 2] : surface[2]);
  }
  const depth = new Float32Array(width * height).fill(-Infinity);
  for (let t = 0; t < indices.length; t += 3) rasteriseTriangle(indices[t], indices[t + 1], indices[t + 2], screen, shaded, depth, image);
  return image;
}

function rasteriseTriangle(
  a: number, b: number, c: number, screen: Float32Array, shaded: Float32Array, depth: Float32Array, image: RgbaImage,
): void {
  const ax = screen[a * 3], ay = screen[a * 3 + 1], az = screen[a * 3 + 2];
  const bx = screen[b * 3], by = screen[b * 3 + 1], bz = screen[b * 3 + 2];
  const cx = screen[c * 3], cy = screen[c * 3 + 1], cz = screen[c * 3 + 2];
  const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  if (area > -1e-12 && area < 1e-12) return;
  const { width, height, rgba } = image;
  const x0 = Math.max(0, Math.floor(Math.min(ax, bx, cx)));
  const x1 = Math.min(width - 1, Math.ceil(Math.max(ax, bx, cx)));
  const y0 = Math.max(0, Math.floor(Math.min(ay, by, cy)));
  const y1 = Math.min(height - 1, Math.ceil(Math.max(ay, by, cy)));
  if (x0 > x1 || y0 > y1) return;
  const inverseArea = 1 / area;
  for (let y = y0; y <= y1; y++) {
    const py = y + 0.5;
    for (let x = x0; x <= x1; x++) {
      const px = x + 0.5;
      // Barycentric weights from edge functions, normalised by the signed area (either winding).
      const wa = ((bx - px) * (cy - py) - (by - py) * (cx - px)) * inverseArea;
      const wb = ((cx - px) * (ay - py) - (cy - py) * (ax - px)) * inverseArea;
      const wc = 1 - wa - wb;
      if (wa < 0 || wb < 0 || wc < 0) continue;
      const z = wa * az + wb * bz + wc * cz;
      const pixel = y * width + x;
      if (z <= depth[pixel]) continue;
      depth[pixel] = z;
      const o = pixel * 4;
      rgba[o] = clampByte(wa * shaded[a * 3] + wb * shaded[b * 3] + wc * shaded[c * 3]);
      rgba[o + 1] = clampByte(wa * shaded[a * 3 + 1] + wb * shaded[b * 3 + 1] + wc * shaded[c * 3 + 1]);
      rgba[o + 2] = clampByte(wa * shaded[a * 3 + 2] + wb * shaded[b * 3 + 2] + wc * shaded[c * 3 + 2]);
    }
  }
}

function clampByte(value: number): number {
  return value < 0 ? 0 : value > 255 ? 255 : value | 0;
}

function normalize3(x: number, y: number, z: number): [number, number, number] {
  const length = Math.hypot(x, y, z);
  return [x / length, y / length, z / length];
}
