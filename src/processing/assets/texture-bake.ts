import type { RgbaImage } from './asset-mesh.ts';
import type { CylinderFrame, UnwrappedMesh } from './cylindrical-uv.ts';
import { cylinderU, cylinderV } from './cylindrical-uv.ts';

export const TEXTURE_SIZE_PX = 1024;
/** Skin tone of the generated texture and of uncoloured previews (sRGB 0..255). */
export const SKIN_RGB: [number, number, number] = [214, 168, 146];

/**
 * Bakes coloured points (canonical frame, m; rgb 0..255 per point) into a cylindrical texture
 * (see cylindrical-uv.ts). Where several points land on one texel the one farthest from the axis
 * wins (the surface a camera outside the cylinder sees); empty texels are filled from their
 * neighbours. Returns an opaque RGBA image, width x height px.
 */
export function bakePointColors(
  positionsM: Float32Array, colors: Uint8Array, frame: CylinderFrame, width = TEXTURE_SIZE_PX, height = TEXTURE_SIZE_PX,
): RgbaImage {
  const rgba = new Uint8Array(width * height * 4);
  const radius = new Float32Array(width * height).fill(-1);
  const count = Math.min(positionsM.length / 3, colors.length / 3);
  for (let i = 0; i < count; i++) {
    const x = positionsM[i * 3], y = positionsM[i * 3 + 1], z = positionsM[i * 3 + 2];
    const tx = Math.min(width - 1, (cylinderU(frame, x, z) * width) | 0);
    const ty = Math.min(height - 1, (cylinderV(frame, y) * height) | 0);
    const texel = ty * width + tx;
    const dx = x - frame.centerXM, dz = z - frame.centerZM;
    const r = dx * dx + dz * dz;
    if (r <= radius[texel]) continue;
    radius[texel] = r;
    rgba[texel * 4] = colors[i * 3]; rgba[texel * 4 + 1] = colors[i * 3 + 1]; rgba[texel * 4 + 2] = colors[i * 3 + 2];
    rgba[texel * 4 + 3] = 255;
  }
  fillEmptyTexels(rgba, width, height);
  return { width, height, rgba };
}

/**
 * Bakes per-vertex colours of an unwrapped mesh into its texture by rasterising every triangle in
 * uv space (u wraps), interpolating colours; farthest-from-axis wins where triangles overlap in uv.
 * `colors` is rgb per source vertex (unwrapped.sourceVertex maps output vertices to them).
 */
export function bakeMeshColors(
  unwrapped: UnwrappedMesh, colors: Uint8Array, frame: CylinderFrame, width = TEXTURE_SIZE_PX, height = TEXTURE_SIZE_PX,
): RgbaImage {
  const rgba = new Uint8Array(width * height * 4);
  const radius = new Float32Array(width * height).fill(-1);
  const { indices, uvs, positionsM, sourceVertex } = unwrapped;
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t], b = indices[t + 1], c = indices[t + 2];
    const ax = uvs[a * 2] * width, ay = uvs[a * 2 + 1] * height;
    const bx = uvs[b * 2] * width, by = uvs[b * 2 + 1] * height;
    const cx = uvs[c * 2] * width, cy = uvs[c * 2 + 1] * height;
    const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    if (area > -1e-9 && area < 1e-9) continue;
    const ra = radialOf(positionsM, a, frame), rb = radialOf(positionsM, b, frame), rc = radialOf(positionsM, c, frame);
    const sa = sourceVertex[a] * 3, sb = sourceVertex[b] * 3, sc = sourceVertex[c] * 3;
    const x0 = Math.floor(Math.min(ax, bx, cx)), x1 = Math.ceil(Math.max(ax, bx, cx));
    const y0 = Math.max(0, Math.floor(Math.min(ay, by, cy))), y1 = Math.min(height - 1, Math.ceil(Math.max(ay, by, cy)));
    for (let y = y0; y <= y1; y++) {
      const py = y + 0.5;
      for (let x = x0; x <= x1; x++) {
        const px = x + 0.5;
        let wa = ((bx - px) * (cy - py) - (by - py) * (cx - px)) / area;
        let wb = ((cx - px) * (ay - py) - (cy - py) * (ax - px)) / area;
        let wc = 1 - wa - wb;
        // Texels just outside a tiny triangle still take its nearest colour, so thin slivers leave no gaps.
        if (wa < -0.02 || wb < -0.02 || wc < -0.02) continue;
        wa = Math.max(0, wa); wb = Math.max(0, wb); wc = Math.max(0, wc);
        const sum = wa + wb + wc;
        wa /= sum; wb /= sum; wc /= sum;
        const texel = y * width + (((x % width) + width) % width);
        const r = wa * ra + wb * rb + wc * rc;
        if (r <= radius[texel]) continue;
        radius[texel] = r;
        const o = texel * 4;
        // + 0.5: the byte store truncates, so round (weights summing to 0.99999 would turn 90 into 89).
        rgba[o] = wa * colors[sa] + wb * colors[sb] + wc * colors[sc] + 0.5;
        rgba[o + 1] = wa * colors[sa + 1] + wb * colors[sb + 1] + wc * colors[sc + 1] + 0.5;
        rgba[o + 2] = wa * colors[sa + 2] + wb * colors[sb + 2] + wc * colors[sc + 2] + 0.5;
        rgba[o + 3] = 255;
      }
    }
  }
  fillEmptyTexels(rgba, width, height);
  return { width, height, rgba };
}

/**
 * The texture used when the capture has no colours: an even skin tone with a faint, deterministic
 * mottling (±3 % brightness, value noise on an 8-texel lattice) so a viewer's lighting reads as skin
 * rather than plastic. Same bytes every time.
 */
export function generatedSkinTexture(width = TEXTURE_SIZE_PX, height = TEXTURE_SIZE_PX): RgbaImage {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const shade = 1 + 0.03 * valueNoise(x / 8, y / 8, width / 8);
      const o = (y * width + x) * 4;
      rgba[o] = Math.min(255, SKIN_RGB[0] * shade);
      rgba[o + 1] = Math.min(255, SKIN_RGB[1] * shade);
      rgba[o + 2] = Math.min(255, SKIN_RGB[2] * shade);
      rgba[o + 3] = 255;
    }
  }
  return { width, height, rgba };
}

/**
 * Fills texels with alpha 0 from filled 4-neighbours (u wraps), pass after pass: in pass k a texel
 * takes the mean of its neighbours filled before pass k; leftovers after 24 passes take the mean
 * colour. Each pass visits only the empty texels next to the previous pass's (a frontier), so the
 * cost follows the filled area, not 24 sweeps over the whole image.
 */
function fillEmptyTexels(rgba: Uint8Array, width: number, height: number): void {
  const texels = width * height;
  let sumR = 0, sumG = 0, sumB = 0, filled = 0;
  // stamp: -1 empty, 0 filled from the start, k + 1 filled in pass k; queued: last pass a texel was listed for.
  const stamp = new Int32Array(texels).fill(-1);
  const queued = new Int32Array(texels).fill(-1);
  for (let p = 0; p < texels; p++) {
    if (rgba[p * 4 + 3] === 0) continue;
    stamp[p] = 0;
    sumR += rgba[p * 4]; sumG += rgba[p * 4 + 1]; sumB += rgba[p * 4 + 2]; filled++;
  }
  const mean = filled > 0 ? [sumR / filled, sumG / filled, sumB / filled] : SKIN_RGB;
  const left = (p: number): number => (p % width === 0 ? p + width - 1 : p - 1);
  const right = (p: number): number => (p % width === width - 1 ? p - width + 1 : p + 1);
  const sum = new Float64Array(4); // r, g, b, count of the neighbours read
  const take = (q: number, pass: number): void => {
    if (q < 0 || q >= texels || stamp[q] < 0 || stamp[q] > pass) return;
    sum[0] += rgba[q * 4]; sum[1] += rgba[q * 4 + 1]; sum[2] += rgba[q * 4 + 2]; sum[3] += 1;
  };
  let frontier = new Int32Array(texels);
  let next = new Int32Array(texels);
  let size = 0;
  const list = (q: number, pass: number): void => {
    if (q < 0 || q >= texels || stamp[q] !== -1 || queued[q] === pass) return;
    queued[q] = pass;
    next[size++] = q;
  };
  for (let p = 0; p < texels; p++) {
    if (stamp[p] !== 0) continue;
    list(left(p), 0); list(right(p), 0); list(p - width, 0); list(p + width, 0);
  }
  [frontier, next] = [next, frontier];
  let frontierSize = size;
  for (let pass = 0; pass < 24 && frontierSize > 0; pass++) {
    // Fill the frontier from neighbours filled before this pass (stamp <= pass), then list the next one.
    for (let i = 0; i < frontierSize; i++) {
      const p = frontier[i];
      sum[0] = 0; sum[1] = 0; sum[2] = 0; sum[3] = 0;
      take(left(p), pass); take(right(p), pass); take(p - width, pass); take(p + width, pass);
      const n = sum[3];
      rgba[p * 4] = sum[0] / n; rgba[p * 4 + 1] = sum[1] / n; rgba[p * 4 + 2] = sum[2] / n; rgba[p * 4 + 3] = 255;
      stamp[p] = pass + 1;
    }
    size = 0;
    for (let i = 0; i < frontierSize; i++) {
      const p = frontier[i];
      list(left(p), pass + 1); list(right(p), pass + 1); list(p - width, pass + 1); list(p + width, pass + 1);
    }
    [frontier, next] = [next, frontier];
    frontierSize = size;
  }
  for (let p = 0; p < texels; p++) {
    if (rgba[p * 4 + 3] !== 0) continue;
    rgba[p * 4] = mean[0]; rgba[p * 4 + 1] = mean[1]; rgba[p * 4 + 2] = mean[2]; rgba[p * 4 + 3] = 255;
  }
}

function radialOf(positionsM: Float32Array, vertex: number, frame: CylinderFrame): number {
  const dx = positionsM[vertex * 3] - frame.centerXM, dz = positionsM[vertex * 3 + 2] - frame.centerZM;
  return Math.sqrt(dx * dx + dz * dz);
}

/** Smooth value noise in [-1, 1] on an integer lattice, periodic in x with the given period. */
function valueNoise(x: number, y: number, periodX: number): number {
  const xi = Math.floor(x), yi = Math.floor(y);
  const fx = x - xi, fy = y - yi;
  const sx = fx * fx * (3 - 2 * fx), sy = fy * fy * (3 - 2 * fy);
  const x0 = ((xi % periodX) + periodX) % periodX, x1 = (x0 + 1) % periodX;
  const top = hash(x0, yi) * (1 - sx) + hash(x1, yi) * sx;
  const bottom = hash(x0, yi + 1) * (1 - sx) + hash(x1, yi + 1) * sx;
  return top * (1 - sy) + bottom * sy;
}

function hash(i: number, j: number): number {
  let n = (Math.imul(i, 374761393) + Math.imul(j, 668265263)) | 0;
  n = Math.imul(n ^ (n >>> 13), 1274126177);
  return ((n ^ (n >>> 16)) & 0xffff) / 32767.5 - 1;
}
