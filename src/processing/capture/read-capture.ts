import type { ReadCapture } from '../../domain/body-scan-result.ts';
import { ProcessingFailure } from '../../domain/processing-failure.ts';
import { malformed, unsupported } from './capture-failures.ts';
import { resolveCaptureLimits, type CaptureReadLimits } from './capture-limits.ts';
import { detectCaptureKind } from './detect-capture-format.ts';
import { readCaptureBundle } from './read-capture-bundle.ts';
import { readGlb } from './read-glb.ts';
import { readObj } from './read-obj.ts';
import { readPly } from './read-ply.ts';
import { readStrayRecording } from './stray-recording/read-stray-recording.ts';
import { findStrayLayout } from './stray-recording/stray-layout.ts';
import { bundleInvalid, listZipEntries } from './zip-archive.ts';
import { isSandboxDescriptorLike, parseSandboxDescriptor } from './sandbox-descriptor.ts';

/** Largest JSON document parsed while looking for a sandbox descriptor. */
const MAX_JSON_BYTES = 64 * 1024;

/** A body file: PLY, OBJ or GLB (what a bundle may contain). */
function readBodyFile(bytes: Uint8Array, limits: CaptureReadLimits): ReadCapture {
  const kind = detectCaptureKind(bytes);
  if (kind === 'ply') return readPly(bytes, limits);
  if (kind === 'obj') return readObj(bytes, limits);
  if (kind === 'glb') return readGlb(bytes, limits);
  throw bundleInvalid('The body file inside the ZIP bundle is not PLY, OBJ or GLB.');
}

function readJson(bytes: Uint8Array): ReadCapture {
  if (bytes.length > MAX_JSON_BYTES) {
    const head = new TextDecoder().decode(bytes.subarray(0, 4096));
    if (head.includes('"asset"')) throw unsupported('The capture is a text glTF (.gltf) file; upload it as binary glTF (GLB).');
    throw new ProcessingFailure('capture_format_unknown', 'The capture is a JSON document too large to be a sandbox descriptor.');
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw malformed('The capture starts like JSON but is not valid UTF-8 JSON.');
  }
  if (isSandboxDescriptorLike(value)) {
    return {
      format: 'sandbox-descriptor',
      geometry: { positions: new Float32Array(0), indices: null, colors: null, normals: null },
      hints: {},
      sandboxDescriptor: parseSandboxDescriptor(value),
    };
  }
  const object = value as Record<string, unknown> | null;
  if (object !== null && typeof object === 'object' && object.format === 'bodyscan-capture') {
    throw bundleInvalid('The capture is a bundle manifest on its own; upload the ZIP bundle that holds it and the body file.');
  }
  if (object !== null && typeof object === 'object' && 'asset' in object) {
    throw unsupported('The capture is a text glTF (.gltf) file; upload it as binary glTF (GLB).');
  }
  throw new ProcessingFailure('capture_format_unknown', 'The capture is JSON but not a sandbox descriptor (it has no "sandbox" field).');
}

/** Most entries a ZIP may list (the ZIP format's own limit without ZIP64; a recording has two per frame). */
const MAX_ZIP_ENTRIES = 65535;

/** A ZIP is a phone recording (Stray Scanner layout) or else a capture bundle. */
function readZip(bytes: Uint8Array, limits: CaptureReadLimits): ReadCapture {
  const layout = findStrayLayout(listZipEntries(bytes, MAX_ZIP_ENTRIES));
  if (layout !== null) return readStrayRecording(bytes, layout, limits);
  return readCaptureBundle(bytes, limits, readBodyFile);
}

/**
 * Reads an uploaded capture of any accepted format, detected from its bytes: PLY (ASCII or binary),
 * OBJ, GLB, a ZIP capture bundle (manifest.json + one body file), a ZIP phone recording (Stray
 * Scanner layout: odometry.csv and depth/; then `recording` is set and geometry is empty) or a
 * sandbox descriptor (JSON).
 * Geometry comes back in the file's own units and axes (see hints for what the capture declared);
 * nothing is normalised here. Every failure is a ProcessingFailure (capture_* codes) with one sentence;
 * limits default to DEFAULT_CAPTURE_READ_LIMITS and are checked before the memory they guard is taken.
 */
export function readCapture(input: Uint8Array, limits?: Partial<CaptureReadLimits>): ReadCapture {
  // A Node Buffer's slice() is a view, not a copy; the readers rely on Uint8Array's copying slice().
  const bytes = new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  const resolved = resolveCaptureLimits(limits);
  const kind = detectCaptureKind(bytes);
  switch (kind) {
    case 'ply': return readPly(bytes, resolved);
    case 'obj': return readObj(bytes, resolved);
    case 'glb': return readGlb(bytes, resolved);
    case 'zip': return readZip(bytes, resolved);
    case 'json': return readJson(bytes);
  }
}
