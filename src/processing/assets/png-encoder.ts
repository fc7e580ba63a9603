import { crc32, deflateSync } from 'node:zlib';
import type { RgbaImage } from './asset-mesh.ts';

const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

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
  const header = new Uint8Array(13);
  const headerView = new DataView(header.buffer);
  headerView.setUint32(0, width);
  headerView.setUint32(4, height);
  header[8] = 8; // bit depth
  header[9] = dropAlpha ? 2 : 6; // colour type: RGB or RGBA
  const idat = deflateSync(raw, { level: 6 });
  const parts = [PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}
