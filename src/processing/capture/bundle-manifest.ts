import type { CaptureHints } from '../../domain/capture-geometry.ts';
import { bundleInvalid } from './zip-archive.ts';

/**
 * The capture bundle manifest, version 1 (docs/capture-format.md):
 * `{ "format": "bodyscan-capture", "version": 1, "body": "body.ply", "units": "m"|"dm"|"cm"|"mm",
 *    "upAxis": "+y"|..., "device": { "model": "...", ... }, "capturedAt": "ISO 8601" }`.
 * Unknown top-level fields are refused, so a typo ("unit") fails loudly instead of being ignored.
 */
export interface CaptureManifestV1 {
  format: 'bodyscan-capture';
  version: 1;
  /** Path of the body file inside the ZIP. */
  body: string;
  units?: 'm' | 'dm' | 'cm' | 'mm';
  upAxis?: '+x' | '-x' | '+y' | '-y' | '+z' | '-z';
  /** Free-form device description, string values only. */
  device?: Record<string, string>;
  capturedAt?: string;
}

const FIELDS = ['format', 'version', 'body', 'units', 'upAxis', 'device', 'capturedAt'];
const UNITS = ['m', 'dm', 'cm', 'mm'] as const;
const AXES = ['+x', '-x', '+y', '-y', '+z', '-z'] as const;
/** Device fields that make up the device hint, in this order. */
const DEVICE_HINT_FIELDS = ['manufacturer', 'model', 'os', 'app', 'sensor'];

function fail(sentence: string): never {
  throw bundleInvalid(`The capture bundle manifest ${sentence}`);
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], field: string): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    fail(`field ${field} must be one of ${allowed.join(', ')}; got ${JSON.stringify(value)}.`);
  }
  return value as T;
}

/** Parses and validates manifest.json bytes (UTF-8 JSON). */
export function parseCaptureManifest(bytes: Uint8Array): CaptureManifestV1 {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    fail('is not valid UTF-8 JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('is not a JSON object.');
  const m = value as Record<string, unknown>;
  const unknown = Object.keys(m).filter((key) => !FIELDS.includes(key));
  if (unknown.length > 0) fail(`has unknown field(s) ${unknown.join(', ')}; allowed: ${FIELDS.join(', ')}.`);
  if (m.format !== 'bodyscan-capture') fail(`field format must be "bodyscan-capture"; got ${JSON.stringify(m.format) ?? 'nothing'}.`);
  if (m.version !== 1) fail(`has version ${JSON.stringify(m.version) ?? 'missing'}; this server reads version 1.`);
  if (typeof m.body !== 'string' || m.body.length === 0 || m.body.length > 255) fail('field body must name the body file inside the ZIP, e.g. "body.ply".');
  const units = oneOf(m.units, UNITS, 'units');
  const upAxis = oneOf(m.upAxis, AXES, 'upAxis');
  let device: Record<string, string> | undefined;
  if (m.device !== undefined) {
    const d = m.device;
    if (typeof d !== 'object' || d === null || Array.isArray(d)) fail('field device must be an object of strings.');
    const entries = Object.entries(d as Record<string, unknown>);
    if (entries.length > 20 || !entries.every(([, v]) => typeof v === 'string' && v.length <= 200)) {
      fail('field device must be an object of at most 20 strings of at most 200 characters.');
    }
    device = Object.fromEntries(entries) as Record<string, string>;
  }
  if (m.capturedAt !== undefined && (typeof m.capturedAt !== 'string' || Number.isNaN(Date.parse(m.capturedAt)))) {
    fail('field capturedAt must be an ISO 8601 date-time string.');
  }
  return {
    format: 'bodyscan-capture', version: 1, body: m.body,
    ...(units && { units }), ...(upAxis && { upAxis }), ...(device && { device }),
    ...(typeof m.capturedAt === 'string' && { capturedAt: m.capturedAt }),
  };
}

/** What the manifest says about the geometry; these override whatever the body file implied. */
export function manifestHints(manifest: CaptureManifestV1): CaptureHints {
  const hints: CaptureHints = {};
  if (manifest.units) hints.unit = manifest.units;
  if (manifest.upAxis) hints.upAxis = manifest.upAxis;
  if (manifest.device) {
    const device = manifest.device;
    const parts = DEVICE_HINT_FIELDS.map((key) => device[key]).filter((v) => v !== undefined && v !== '');
    if (parts.length > 0) hints.device = parts.join(' / ');
  }
  return hints;
}
