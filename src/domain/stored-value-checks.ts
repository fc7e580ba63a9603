/**
 * Checks for values read back from storage (parsed JSON): each returns the value typed or throws a
 * StoredValueError naming the JSON path and what was found, so a decoder can refuse a record with a
 * sentence support can act on instead of passing an `unknown` on as if it were typed.
 */
export class StoredValueError extends Error {
  constructor(path: string, why: string) {
    super(`${path || '(the record)'} ${why}`);
    this.name = 'StoredValueError';
  }
}

const describe = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
};

const fail = (path: string, expected: string, value: unknown): never => {
  throw new StoredValueError(path, `must be ${expected}, found ${describe(value)}`);
};

export function objectAt(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'an object', value);
  return value as Record<string, unknown>;
}

export function finiteAt(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(path, 'a finite number', value);
  return value as number;
}

export function integerAt(value: unknown, path: string): number {
  if (!Number.isInteger(value)) fail(path, 'an integer', value);
  return value as number;
}

export function stringAt(value: unknown, path: string): string {
  if (typeof value !== 'string') fail(path, 'a string', value);
  return value as string;
}

export function oneOfAt<T extends string>(value: unknown, allowed: readonly T[], path: string): T {
  if (typeof value !== 'string' || !allowed.includes(value as T)) fail(path, `one of ${allowed.join(', ')}`, value);
  return value as T;
}

/** An array of finite numbers, of exactly `length` when given. */
export function numbersAt(value: unknown, path: string, length?: number): number[] {
  if (!Array.isArray(value) || (length !== undefined && value.length !== length)) {
    fail(path, length === undefined ? 'an array of numbers' : `an array of ${length} numbers`, value);
  }
  const numbers = value as unknown[];
  numbers.forEach((item, i) => finiteAt(item, `${path}/${i}`));
  return numbers as number[];
}

export function vector3At(value: unknown, path: string): [number, number, number] {
  return numbersAt(value, path, 3) as [number, number, number];
}

export function arrayAt(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) fail(path, 'an array', value);
  return value as unknown[];
}

/** An object whose every value passes `check` (keys restricted to `keys` when given). */
export function recordAt<T>(value: unknown, path: string, check: (item: unknown, path: string) => T, keys?: ReadonlySet<string>): Record<string, T> {
  const object = objectAt(value, path);
  for (const key in object) {
    if (keys && !keys.has(key)) throw new StoredValueError(`${path}/${key}`, 'is not a known key');
    check(object[key], `${path}/${key}`);
  }
  return object as Record<string, T>;
}
