import type { RgbaImage } from './asset-mesh.ts';
import { pngFile } from './png-file.ts';

/**
 * Encodes an RGBA8 image as PNG. With `dropAlpha` the file is RGB (colour type 2), smaller when
 * every pixel is opaque. Every row uses the Up filter (good for smooth renders and textures) and
 * zlib at level 6. Pure (zlib does no I/O); returns the file bytes.
 */
export function encodePng(image: RgbaImage, dropAlpha = false): Uint8Array {
  const { width, height, rgba } = image;
  if (rgba.length !== width * height * 4) throw new Error(`encodePng: expected ${width * height * 4} bytes, got ${rgba.length}`);
  const channels = dropAlpha ? 3 : 4;
  const stride = width * channels;
  const raw = new Uint8Array((stride + 1) * height);
  const previous = new Uint8Array(stride);
  const current = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const source = y * width * 4;
    if (dropAlpha) {
      for (let x = 0; x < width; x++) {
        current[x * 3] = rgba[source + x * 4];
        current[x * 3 + 1] = rgba[source + x * 4 + 1];
        current[x * 3 + 2] = rgba[source + x * 4 + 2];
      }
    } else {
      current.set(rgba.subarray(source, source + stride));
    }
    const rowStart = y * (stride + 1);
    raw[rowStart] = 2; // Up filter: byte minus the byte above.
    for (let i = 0; i < stride; i++) raw[rowStart + 1 + i] = (current[i] - previous[i]) & 0xff;
    previous.set(current);
  }
  return pngFile(width, height, 8, dropAlpha ? 2 : 6, raw);
}
