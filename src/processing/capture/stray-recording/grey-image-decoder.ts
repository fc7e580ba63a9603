import { crc32, inflateSync } from 'node:zlib';
import { ProcessingFailure } from '../../../domain/processing-failure.ts';

/**
 * Decoders for the depth and confidence maps of a phone recording: grayscale PNG (PNG
 * specification, ISO/IEC 15948: colour type 0, bit depth 8 or 16, not interlaced, filters 0-4) and
 * NumPy .npy (format versions 1-3, dtype uint16, C order). Inflation is capped at exactly the bytes
 * the header's size implies, so a small file cannot expand into a large allocation, and the size
 * itself is checked against `maxPixels` before anything is inflated. Every problem is a
 * ProcessingFailure naming the file.
 */
export interface GreyImage {
  width: number;
  height: number;
  bitDepth: 8 | 16;
  /** Row-major samples: Uint16Array for 16-bit images, Uint8Array for 8-bit ones. */
  samples: Uint16Array | Uint8Array;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function invalid(name: string, what: string): ProcessingFailure {
  return new ProcessingFailure('recording_invalid', `The recording's ${name} ${what}.`);
}

export function looksLikePng(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b);
}

/**
 * Reverses the PNG row filters in place (`bpp` bytes per pixel, `stride` bytes per row). The
 * first row and the first pixel of each row are handled apart so the inner loops carry no tests.
 */
function unfilter(raw: Uint8Array, height: number, stride: number, bpp: number, name: string): void {
  for (let y = 0; y < height; y++) {
    const start = y * (stride + 1) + 1;
    const filter = raw[start - 1];
    const end = start + stride;
    if (filter === 0) continue;
    if (filter === 1 || (filter === 4 && y === 0)) {
      // Sub (and Paeth with no row above, which reduces to Sub).
      for (let i = start + bpp; i < end; i++) raw[i] = (raw[i] + raw[i - bpp]) & 0xff;
    } else if (filter === 2) {
      if (y > 0) for (let i = start; i < end; i++) raw[i] = (raw[i] + raw[i - stride - 1]) & 0xff;
    } else if (filter === 3) {
      if (y === 0) {
        for (let i = start + bpp; i < end; i++) raw[i] = (raw[i] + (raw[i - bpp] >> 1)) & 0xff;
      } else {
        for (let i = start; i < start + bpp; i++) raw[i] = (raw[i] + (raw[i - stride - 1] >> 1)) & 0xff;
        for (let i = start + bpp; i < end; i++) raw[i] = (raw[i] + ((raw[i - bpp] + raw[i - stride - 1]) >> 1)) & 0xff;
      }
    } else if (filter === 4) {
      // Paeth predictor (PNG specification 9.4); the first pixel's left and upper-left are 0.
      for (let i = start; i < start + bpp; i++) raw[i] = (raw[i] + raw[i - stride - 1]) & 0xff;
      for (let i = start + bpp; i < end; i++) {
        const a = raw[i - bpp], b = raw[i - stride - 1], c = raw[i - stride - 1 - bpp];
        const p = a + b - c;
        const pa = p > a ? p - a : a - p, pb = p > b ? p - b : b - p, pc = p > c ? p - c : c - p;
        raw[i] = (raw[i] + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 0xff;
      }
    } else {
      throw invalid(name, `uses the unknown PNG row filter ${filter} in row ${y}`);
    }
  }
}

/** Decodes a grayscale PNG; `maxPixels` bounds width x height before any inflation. */
export function decodeGreyPng(bytes: Uint8Array, name: string, maxPixels: number): GreyImage {
  if (!looksLikePng(bytes)) throw invalid(name, 'is not a PNG file');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let p = 8;
  let width = 0, height = 0, bitDepth = 0;
  const idat: Uint8Array[] = [];
  let idatBytes = 0;
  let sawEnd = false;
  while (p + 12 <= bytes.length) {
    const length = view.getUint32(p);
    const type = String.fromCharCode(bytes[p + 4], bytes[p + 5], bytes[p + 6], bytes[p + 7]);
    const dataStart = p + 8;
    const dataEnd = dataStart + length;
    if (dataEnd + 4 > bytes.length) throw invalid(name, `is truncated inside its ${type} chunk`);
    if (crc32(bytes.subarray(p + 4, dataEnd)) !== view.getUint32(dataEnd)) throw invalid(name, `fails the CRC check of its ${type} chunk (the file is damaged)`);
    if (type === 'IHDR') {
      if (length !== 13) throw invalid(name, 'has a damaged PNG header');
      width = view.getUint32(dataStart);
      height = view.getUint32(dataStart + 4);
      bitDepth = bytes[dataStart + 8];
      const colourType = bytes[dataStart + 9];
      const interlace = bytes[dataStart + 12];
      if (colourType !== 0 || (bitDepth !== 8 && bitDepth !== 16)) {
        throw invalid(name, `is a PNG of colour type ${colourType} and bit depth ${bitDepth}; depth and confidence maps are 16-bit or 8-bit grayscale`);
      }
      if (interlace !== 0) throw invalid(name, 'is an interlaced PNG; the app writes non-interlaced maps');
      if (width === 0 || height === 0 || width * height > maxPixels) throw invalid(name, `is ${width}x${height} pixels; a phone depth map has at most ${maxPixels} pixels`);
    } else if (type === 'IDAT') {
      idat.push(bytes.subarray(dataStart, dataEnd));
      idatBytes += length;
    } else if (type === 'IEND') {
      sawEnd = true;
      break;
    }
    p = dataEnd + 4;
  }
  if (width === 0) throw invalid(name, 'has no PNG header chunk');
  if (!sawEnd || idat.length === 0) throw invalid(name, 'is truncated (no image data end)');
  const bpp = bitDepth / 8;
  const stride = width * bpp;
  const expected = (stride + 1) * height;
  let compressed: Uint8Array;
  if (idat.length === 1) {
    compressed = idat[0];
  } else {
    compressed = new Uint8Array(idatBytes);
    let offset = 0;
    for (const part of idat) { compressed.set(part, offset); offset += part.length; }
  }
  let raw: Uint8Array;
  try {
    raw = inflateSync(compressed, { maxOutputLength: expected, chunkSize: Math.max(64, Math.min(expected, 4 * 1024 * 1024)) });
  } catch (error) {
    if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new ProcessingFailure('capture_too_large', `The recording's ${name} inflates to more than the ${expected} bytes its ${width}x${height} size needs, so it is refused as a possible zip bomb.`);
    }
    throw invalid(name, 'holds damaged compressed image data');
  }
  if (raw.length !== expected) throw invalid(name, `holds ${raw.length} bytes of image data, not the ${expected} its ${width}x${height} size needs`);
  unfilter(raw, height, stride, bpp, name);
  if (bitDepth === 8) {
    const samples = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) samples.set(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)), y * width);
    return { width, height, bitDepth: 8, samples };
  }
  const samples = new Uint16Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1) + 1;
    const out = y * width;
    for (let x = 0; x < width; x++) samples[out + x] = (raw[row + 2 * x] << 8) | raw[row + 2 * x + 1];
  }
  return { width, height, bitDepth: 16, samples };
}

/** Decodes a .npy holding a 2-D uint16 array (either byte order), as the 2021 app versions wrote depth (mm). */
export function decodeUint16Npy(bytes: Uint8Array, name: string, maxPixels: number): GreyImage {
  if (bytes.length < 10 || bytes[0] !== 0x93 || String.fromCharCode(...bytes.subarray(1, 6)) !== 'NUMPY') throw invalid(name, 'is not a NumPy .npy file');
  const major = bytes[6];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  const headerStart = major === 1 ? 10 : 12;
  if (major < 1 || major > 3 || headerStart + headerLength > bytes.length) throw invalid(name, 'has a damaged .npy header');
  const header = new TextDecoder().decode(bytes.subarray(headerStart, headerStart + headerLength));
  const descr = /'descr'\s*:\s*'([<>|=]?)(\w+)'/.exec(header);
  const fortran = /'fortran_order'\s*:\s*(True|False)/.exec(header);
  const shape = /'shape'\s*:\s*\(\s*(\d+)\s*,\s*(\d+)\s*,?\s*\)/.exec(header);
  if (!descr || !fortran || !shape) throw invalid(name, 'has a .npy header without descr, fortran_order and a 2-D shape');
  if (descr[2] !== 'u2') throw invalid(name, `holds .npy type ${descr[1]}${descr[2]}; depth arrays are uint16 millimetres`);
  if (fortran[1] === 'True') throw invalid(name, 'is a Fortran-order .npy array; the app writes C order');
  const height = Number(shape[1]);
  const width = Number(shape[2]);
  if (width === 0 || height === 0 || width * height > maxPixels) throw invalid(name, `is ${width}x${height} pixels; a phone depth map has at most ${maxPixels} pixels`);
  const dataStart = headerStart + headerLength;
  if (bytes.length - dataStart !== 2 * width * height) throw invalid(name, `holds ${bytes.length - dataStart} bytes of data, not the ${2 * width * height} a ${width}x${height} uint16 array needs`);
  const bigEndian = descr[1] === '>';
  const samples = new Uint16Array(width * height);
  const data = new DataView(bytes.buffer, bytes.byteOffset + dataStart, 2 * width * height);
  for (let i = 0; i < samples.length; i++) samples[i] = data.getUint16(2 * i, !bigEndian);
  return { width, height, bitDepth: 16, samples };
}
