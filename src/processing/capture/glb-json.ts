import { malformed } from './capture-failures.ts';

/**
 * Defensive readers for the untrusted glTF JSON: each returns the typed value or throws
 * `capture_malformed` with a sentence naming the offending JSON path.
 */
export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function objectAt(value: unknown, path: string): JsonObject {
  if (!isObject(value)) throw malformed(`The GLB JSON has no object at ${path}.`);
  return value;
}

/** The array at `container[key]`, or an empty array when the key is absent. */
export function optionalArray(container: JsonObject, key: string, path: string): unknown[] {
  const value = container[key];
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw malformed(`The GLB JSON ${path}.${key} is not an array.`);
  return value;
}

/** A whole number in [0, max]; `fallback` when absent (undefined fallback = required). */
export function integerAt(container: JsonObject, key: string, path: string, max: number, fallback?: number): number {
  return integerValue(container[key] ?? fallback, `${path}.${key}`, max);
}

/** `value` as a whole number in [0, max]. */
export function integerValue(value: unknown, path: string, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    const expected = max < 0 ? 'an index, but there is nothing to refer to' : `a whole number from 0 to ${max}`;
    throw malformed(`The GLB JSON ${path} must be ${expected}; got ${JSON.stringify(value) ?? 'nothing'}.`);
  }
  return value;
}

/** An array of exactly `length` finite numbers, or `fallback` when absent. */
export function numbersAt(container: JsonObject, key: string, path: string, length: number, fallback: readonly number[]): number[] {
  const value = container[key];
  if (value === undefined) return [...fallback];
  if (!Array.isArray(value) || value.length !== length || !value.every((v) => typeof v === 'number' && Number.isFinite(v))) {
    throw malformed(`The GLB JSON ${path}.${key} must be an array of ${length} finite numbers.`);
  }
  return value as number[];
}
