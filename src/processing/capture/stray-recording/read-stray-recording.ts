import type { ReadCapture } from '../../../domain/body-scan-result.ts';
import type { DepthFrame, DepthIntrinsics, PhoneRecording } from '../../../domain/phone-recording.ts';
import { ProcessingFailure } from '../../../domain/processing-failure.ts';
import { poseFromQuaternion } from '../../geometry/camera-pose.ts';
import type { CaptureReadLimits } from '../capture-limits.ts';
import type { ZipEntry } from '../zip-archive.ts';
import { extractZipEntry } from '../zip-entry-inflate.ts';
import { decodeGreyPng, decodeUint16Npy, type GreyImage } from './grey-image-decoder.ts';
import { parseCameraMatrixCsv, parseOdometryCsv, type OdometryTable } from './odometry-csv.ts';
import type { StrayLayout } from './stray-layout.ts';

/**
 * Reads a Stray Scanner recording (ZIP, layout found by stray-layout.ts) into a PhoneRecording:
 * depth maps (16-bit PNG or uint16 .npy, mm), confidence maps (8-bit PNG 0/1/2, optional), one
 * pose per frame from odometry.csv (any variant, odometry-csv.ts) and the depth map's pinhole
 * intrinsics: the RGB image's K (per frame from odometry.csv when present, else camera_matrix.csv)
 * scaled by depth size / RGB size, as the app's own tools do. rgb.mp4 and imu.csv are not read.
 *
 * Memory is bounded before it is taken: the first depth map fixes the map size (at most
 * MAX_MAP_PIXELS), every later map file may declare at most what a PNG or .npy of that size can
 * need, each PNG's image data inflates to exactly its size, and recordings longer than
 * limits.maxRecordingFrames are thinned evenly. Failures: recording_invalid (with a sentence saying
 * what is missing or wrong) or capture_too_large.
 */
export const MAX_MAP_PIXELS = 1024 * 768;
/** Room for ancillary PNG chunks (colour profiles, metadata) beyond the image data. */
const PNG_SLACK_BYTES = 64 * 1024;
const MAX_CAMERA_MATRIX_BYTES = 4096;
/** Depth maps without a pose that are tolerated and dropped (the app may save one last depth map after its last pose). */
const UNPOSED_TOLERANCE_FRACTION = 0.01;
const UNPOSED_TOLERANCE_MIN = 2;
/** Image sizes the RGB camera matrix may belong to; the one matching 2 x principal point is used. */
const RGB_SIZES: ReadonlyArray<readonly [number, number]> = [[1920, 1440], [3840, 2880], [1920, 1080], [1280, 720], [640, 480]];

function invalid(sentence: string): ProcessingFailure {
  return new ProcessingFailure('recording_invalid', sentence);
}

/** The most bytes a map file of this size can hold: image data stored uncompressed, plus chunks. */
function mapFileCap(width: number, height: number, bytesPerSample: number): number {
  const data = (width * bytesPerSample + 1) * height;
  return data + 5 * Math.ceil(data / 65535) + PNG_SLACK_BYTES;
}

/** One entry under its cap, by the shared ZIP entry inflater (refused before inflating when it declares more). */
function extractCapped(bytes: Uint8Array, entry: ZipEntry, capBytes: number, what: string): Uint8Array {
  return extractZipEntry(bytes, entry, { maxBytes: capBytes, what });
}

function text(bytes: Uint8Array, name: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalid(`The recording's ${name} is not UTF-8 text.`);
  }
}

/** The RGB image size whose centre is nearest the principal point (cx, cy), or a failure. */
function rgbSizeFor(cx: number, cy: number, depthWidth: number, depthHeight: number): readonly [number, number] {
  let best: readonly [number, number] | null = null;
  let bestMiss = Number.POSITIVE_INFINITY;
  for (const size of [...RGB_SIZES, [depthWidth, depthHeight] as const]) {
    const miss = Math.abs(2 * cx - size[0]) / size[0] + Math.abs(2 * cy - size[1]) / size[1];
    if (miss < bestMiss) { bestMiss = miss; best = size; }
  }
  if (best === null || bestMiss > 0.2) {
    throw invalid(`The recording's camera principal point (${cx.toFixed(1)}, ${cy.toFixed(1)}) fits no known camera image size (e.g. 1920x1440).`);
  }
  if (Math.abs(best[0] / best[1] - depthWidth / depthHeight) > 0.02 * (depthWidth / depthHeight)) {
    throw invalid(`The recording's depth maps are ${depthWidth}x${depthHeight}, which is not the shape of its ${best[0]}x${best[1]} camera image (wrong depth map size).`);
  }
  return best;
}

function decodeDepth(bytes: Uint8Array, name: string, format: 'png' | 'npy'): GreyImage {
  const image = format === 'npy' ? decodeUint16Npy(bytes, name, MAX_MAP_PIXELS) : decodeGreyPng(bytes, name, MAX_MAP_PIXELS);
  if (image.bitDepth !== 16) throw invalid(`The recording's ${name} is an 8-bit image; depth maps are 16-bit millimetres.`);
  return image;
}

/** Frame numbers of the depth maps that have a pose, thinned to at most `maxFrames`, ascending. */
function posedFrames(layout: StrayLayout, odometry: OdometryTable, maxFrames: number, variant: Record<string, string>): { frames: number[]; rowOf: Map<number, number> } {
  const rowOf = new Map<number, number>();
  for (let r = 0; r < odometry.rows; r++) {
    const frame = odometry.frame[r];
    if (rowOf.has(frame)) throw invalid(`The recording's odometry.csv lists frame ${String(frame).padStart(6, '0')} twice.`);
    rowOf.set(frame, r);
  }
  const depthFrames = [...layout.depth.keys()].sort((a, b) => a - b);
  const unposed = depthFrames.filter((frame) => !rowOf.has(frame));
  const tolerated = Math.max(UNPOSED_TOLERANCE_MIN, Math.floor(UNPOSED_TOLERANCE_FRACTION * depthFrames.length));
  if (unposed.length === depthFrames.length) {
    throw invalid(`None of the recording's ${depthFrames.length} depth maps has a pose in odometry.csv (it lists frames ${odometry.frame[0]}-${odometry.frame[odometry.rows - 1]}).`);
  }
  if (unposed.length > tolerated) {
    const examples = unposed.slice(0, 3).map((f) => String(f).padStart(6, '0')).join(', ');
    throw invalid(`The recording has ${unposed.length} of its ${depthFrames.length} depth maps without a pose in odometry.csv (e.g. frame ${examples}); every frame needs a camera pose.`);
  }
  const posed = depthFrames.filter((frame) => rowOf.has(frame));
  variant.framesInFile = String(depthFrames.length);
  variant.framesWithoutPose = String(unposed.length);
  if (posed.length <= maxFrames) return { frames: posed, rowOf };
  const kept: number[] = [];
  for (let k = 0; k < maxFrames; k++) kept.push(posed[Math.round((k * (posed.length - 1)) / (maxFrames - 1))]);
  variant.thinnedTo = String(maxFrames);
  return { frames: kept, rowOf };
}

/** Reads the recording whose files `layout` found in the ZIP `bytes`. */
export function readStrayRecording(bytes: Uint8Array, layout: StrayLayout, limits: CaptureReadLimits): ReadCapture {
  if (layout.depth.size === 0) throw invalid('The recording has no depth maps (depth/000000.png, ...).');
  if (layout.depthFormat === 'mixed') throw invalid('The recording\'s depth folder mixes .png and .npy maps; a recording holds one kind.');
  const depthFormat = layout.depthFormat === 'npy' ? 'npy' : 'png';
  if (layout.odometry === null) throw invalid('The recording has no odometry.csv, so the camera pose of each frame is missing.');
  const odometryCap = 1024 * (layout.depth.size + 64);
  const odometry = parseOdometryCsv(text(extractCapped(bytes, layout.odometry, odometryCap, `an odometry.csv for ${layout.depth.size} frames`), 'odometry.csv'));
  // Per-frame intrinsics win; camera_matrix.csv is only read (and so only checked) without them.
  const cameraMatrix = layout.cameraMatrix === null || odometry.rgbIntrinsics !== null ? null
    : parseCameraMatrixCsv(text(extractCapped(bytes, layout.cameraMatrix, MAX_CAMERA_MATRIX_BYTES, 'a 3x3 camera matrix'), 'camera_matrix.csv'));
  if (cameraMatrix === null && odometry.rgbIntrinsics === null) {
    throw invalid('The recording has neither camera_matrix.csv nor per-frame fx, fy, cx, cy in odometry.csv, so its camera intrinsics are missing.');
  }
  const variant: Record<string, string> = {
    layout: 'stray-scanner', folder: layout.folder.replace(/\/$/, ''), odometry: odometry.variant, timestamps: odometry.timestamps, depth: depthFormat,
    confidence: layout.confidence.size > 0 ? 'png' : 'none', intrinsics: odometry.rgbIntrinsics ? 'per-frame' : 'camera_matrix',
  };
  const { frames: frameNumbers, rowOf } = posedFrames(layout, odometry, limits.maxRecordingFrames, variant);

  // The first map fixes the size every other map must have.
  const firstEntry = layout.depth.get(frameNumbers[0]) as ZipEntry;
  const first = decodeDepth(extractCapped(bytes, firstEntry, mapFileCap(1024, 768, 2) + 4096, 'a depth map'), firstEntry.name, depthFormat);
  const { width, height } = first;
  const depthCap = depthFormat === 'npy' ? 2 * width * height + 4096 : mapFileCap(width, height, 2);
  const confidenceCap = mapFileCap(width, height, 2);
  const reference = odometry.rgbIntrinsics
    ? { cx: odometry.rgbIntrinsics[2 + 4 * (rowOf.get(frameNumbers[0]) as number)], cy: odometry.rgbIntrinsics[3 + 4 * (rowOf.get(frameNumbers[0]) as number)] }
    : (cameraMatrix as { cx: number; cy: number });
  const [rgbWidth, rgbHeight] = rgbSizeFor(reference.cx, reference.cy, width, height);
  variant.rgbSize = `${rgbWidth}x${rgbHeight}`;
  const sx = width / rgbWidth;
  const sy = height / rgbHeight;

  let totalBytes = 0;
  const frames: DepthFrame[] = [];
  for (const frameNumber of frameNumbers) {
    const depthEntry = layout.depth.get(frameNumber) as ZipEntry;
    totalBytes += depthEntry.uncompressedSize;
    const depth = frameNumber === frameNumbers[0] ? first : decodeDepth(extractCapped(bytes, depthEntry, depthCap, `a ${width}x${height} depth map`), depthEntry.name, depthFormat);
    if (depth.width !== width || depth.height !== height) {
      throw invalid(`The recording's ${depthEntry.name} is ${depth.width}x${depth.height} but its first depth map is ${width}x${height} (depth maps of the wrong size).`);
    }
    let confidence: Uint8Array | null = null;
    const confidenceEntry = layout.confidence.get(frameNumber);
    if (confidenceEntry) {
      totalBytes += confidenceEntry.uncompressedSize;
      const image = decodeGreyPng(extractCapped(bytes, confidenceEntry, confidenceCap, `a ${width}x${height} confidence map`), confidenceEntry.name, MAX_MAP_PIXELS);
      if (image.width !== width || image.height !== height) {
        throw invalid(`The recording's ${confidenceEntry.name} is ${image.width}x${image.height} but its depth maps are ${width}x${height}.`);
      }
      const levels = image.samples;
      for (let i = 0; i < levels.length; i++) {
        if (levels[i] > 2) throw invalid(`The recording's ${confidenceEntry.name} holds the value ${levels[i]}; confidence levels are 0, 1 and 2.`);
      }
      confidence = levels instanceof Uint8Array ? levels : Uint8Array.from(levels);
    }
    if (totalBytes > limits.maxUncompressedBytes) {
      throw new ProcessingFailure('capture_too_large', `The recording's maps inflate to more than the ${limits.maxUncompressedBytes} bytes this server inflates.`);
    }
    const row = rowOf.get(frameNumber) as number;
    const p = odometry.pose;
    const intrinsics: DepthIntrinsics = odometry.rgbIntrinsics
      ? { fx: odometry.rgbIntrinsics[4 * row] * sx, fy: odometry.rgbIntrinsics[4 * row + 1] * sy, cx: odometry.rgbIntrinsics[4 * row + 2] * sx, cy: odometry.rgbIntrinsics[4 * row + 3] * sy }
      : { fx: (cameraMatrix as DepthIntrinsics).fx * sx, fy: (cameraMatrix as DepthIntrinsics).fy * sy, cx: (cameraMatrix as DepthIntrinsics).cx * sx, cy: (cameraMatrix as DepthIntrinsics).cy * sy };
    frames.push({
      frame: frameNumber,
      timestampS: odometry.timestampS[row],
      depthMm: depth.samples as Uint16Array,
      confidence,
      cameraToWorld: poseFromQuaternion(p[7 * row], p[7 * row + 1], p[7 * row + 2], p[7 * row + 3], p[7 * row + 4], p[7 * row + 5], p[7 * row + 6]),
      intrinsics,
    });
  }
  const recording: PhoneRecording = { width, height, frames, variant };
  return {
    format: 'stray-recording',
    geometry: { positions: new Float32Array(0), indices: null, colors: null, normals: null },
    hints: {},
    recording,
  };
}
