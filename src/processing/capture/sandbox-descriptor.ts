import type { SandboxDescriptor } from '../../domain/body-scan-result.ts';
import { malformed } from './capture-failures.ts';

/**
 * The sandbox descriptor: `{ "sandbox": true, "sex": "male"|"female", "heightM": 1.80,
 * "weightKg": 80, "seed": 42 }` (SI units), optionally `"recording": "walk"|"turn"` to receive the
 * synthetic body as a simulated phone recording. Validated strictly: every field but `recording`
 * required, no others. Ranges: heightM 0.5..2.5 m, weightKg 20..300 kg, seed a whole number
 * 0..4294967295.
 */
const REQUIRED_FIELDS = ['sandbox', 'sex', 'heightM', 'weightKg', 'seed'];
const FIELDS = [...REQUIRED_FIELDS, 'recording'];

/** True when a parsed JSON value claims to be a sandbox descriptor (has a `sandbox` field). */
export function isSandboxDescriptorLike(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'sandbox' in value;
}

function numberInRange(value: unknown, field: string, unit: string, min: number, max: number, hint: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw malformed(`The sandbox descriptor field ${field} must be a number of ${unit} from ${min} to ${max}${hint}; got ${JSON.stringify(value)}.`);
  }
  return value;
}

/** Validates a parsed sandbox descriptor; every problem is one sentence naming the field. */
export function parseSandboxDescriptor(value: unknown): SandboxDescriptor {
  const d = value as Record<string, unknown>;
  const unknown = Object.keys(d).filter((key) => !FIELDS.includes(key));
  if (unknown.length > 0) throw malformed(`The sandbox descriptor has unknown field(s) ${unknown.join(', ')}; allowed: ${FIELDS.join(', ')}.`);
  const missing = REQUIRED_FIELDS.filter((key) => d[key] === undefined);
  if (missing.length > 0) throw malformed(`The sandbox descriptor lacks the field(s) ${missing.join(', ')}.`);
  if (d.sandbox !== true) throw malformed(`The sandbox descriptor field sandbox must be true; got ${JSON.stringify(d.sandbox)}.`);
  if (d.sex !== 'male' && d.sex !== 'female') throw malformed(`The sandbox descriptor field sex must be "male" or "female"; got ${JSON.stringify(d.sex)}.`);
  const heightM = numberInRange(d.heightM, 'heightM', 'metres', 0.5, 2.5, ' (metres, not centimetres)');
  const weightKg = numberInRange(d.weightKg, 'weightKg', 'kilograms', 20, 300, '');
  const seed = d.seed;
  if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw malformed(`The sandbox descriptor field seed must be a whole number from 0 to 4294967295; got ${JSON.stringify(seed)}.`);
  }
  if (d.recording !== undefined && d.recording !== 'walk' && d.recording !== 'turn') {
    throw malformed(`The sandbox descriptor field recording must be "walk" or "turn" when given; got ${JSON.stringify(d.recording)}.`);
  }
  return { sex: d.sex, heightM, weightKg, seed, ...(d.recording !== undefined && { recording: d.recording }) };
}
