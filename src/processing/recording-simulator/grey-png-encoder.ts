import { pngFile } from '../assets/png-file.ts';

/**
 * Grayscale PNG files as the Stray Scanner app writes them (PNG specification, ISO/IEC 15948):
 * depth as 16-bit samples (big-endian, as PNG requires; the app's lodepng call `LCT_GREY, 16`)
 * and confidence as 8-bit samples (the app's Core Image `L8` output). One IDAT chunk, every row
 * with the Up filter, zlib level 6. Pure (zlib does no I/O).
 */
/** A 16-bit grayscale PNG of row-major samples (e.g. depth in mm). */
export function encodeGrey16Png(samples: Uint16Array, width: number, height: number): Uint8Array {
  if (samples.length !== width * height) throw new Error(`encodeGrey16Png: expected ${width * height} samples, got ${samples.length}`);
  const stride = 2 * width;
  const raw = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1);
    raw[row] = 2; // Up: each byte minus the byte above (0 above the first row).
    for (let x = 0; x < width; x++) {
      const value = samples[y * width + x];
      const above = y > 0 ? samples[(y - 1) * width + x] : 0;
      raw[row + 1 + 2 * x] = ((value >> 8) - (above >> 8)) & 0xff;
      raw[row + 2 + 2 * x] = ((value & 0xff) - (above & 0xff)) & 0xff;
    }
  }
  return pngFile(width, height, 16, 0, raw);
}

/** An 8-bit grayscale PNG of row-major samples (e.g. confidence 0/1/2). */
export function encodeGrey8Png(samples: Uint8Array, width: number, height: number): Uint8Array {
  if (samples.length !== width * height) throw new Error(`encodeGrey8Png: expected ${width * height} samples, got ${samples.length}`);
  const raw = new Uint8Array((width + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width + 1);
    raw[row] = 2;
    for (let x = 0; x < width; x++) {
      const above = y > 0 ? samples[(y - 1) * width + x] : 0;
      raw[row + 1 + x] = (samples[y * width + x] - above) & 0xff;
    }
  }
  return pngFile(width, height, 8, 0, raw);
}

/**
 * A NumPy .npy file (format version 1.0) of a row-major uint16 array, little-endian ('<u2'), as
 * the app wrote depth from February 2021 to February 2022 (cnpy, shape (height, width), mm).
 */
export function encodeUint16Npy(samples: Uint16Array, width: number, height: number): Uint8Array {
  let header = `{'descr': '<u2', 'fortran_order': False, 'shape': (${height}, ${width}), }`;
  // Magic (6) + version (2) + length (2) + header + '\n' padded with spaces to a multiple of 64.
  const unpadded = 10 + header.length + 1;
  header += ' '.repeat((64 - (unpadded % 64)) % 64) + '\n';
  const out = new Uint8Array(10 + header.length + 2 * samples.length);
  out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0]);
  new DataView(out.buffer).setUint16(8, header.length, true);
  for (let i = 0; i < header.length; i++) out[10 + i] = header.charCodeAt(i);
  const data = new DataView(out.buffer, 10 + header.length);
  for (let i = 0; i < samples.length; i++) data.setUint16(2 * i, samples[i], true);
  return out;
}
