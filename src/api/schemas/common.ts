import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';
import { HEIGHT_UNITS, WEIGHT_UNITS } from '../../domain/user.ts';
import { UNIT_SYSTEMS } from '../../domain/units.ts';

/** A string enum as plain JSON Schema `enum` (clear validation messages, clean OpenAPI). */
export function StringEnum<const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/**
 * `T or null` as a JSON Schema type array (`type: ['object', 'null']`), not `anyOf`: the response
 * serializer (fast-json-stringify) then needs no runtime validation to pick a branch.
 */
export function Nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  const plain = schema as unknown as { type?: unknown; enum?: unknown[] };
  if (typeof plain.type !== 'string') return Type.Unsafe<Static<T> | null>(Type.Union([schema, Type.Null()]));
  return Type.Unsafe<Static<T> | null>({
    ...schema,
    type: [plain.type, 'null'],
    ...(plain.enum ? { enum: [...plain.enum, null] } : {}),
  });
}

export const DateTime = Type.String({ format: 'date-time', description: 'ISO 8601, UTC, milliseconds: 2026-11-22T10:15:30.123Z' });

export const WeightSchema = Type.Object({
  value: Type.Number({ minimum: 1 }),
  unit: StringEnum(WEIGHT_UNITS),
}, { additionalProperties: false, title: 'Weight' });

export const HeightSchema = Type.Object({
  value: Type.Number({ minimum: 1 }),
  unit: StringEnum(HEIGHT_UNITS),
}, { additionalProperties: false, title: 'Height' });

export const UnitSystemQuery = Type.Object({
  'unit-system': Type.Optional(StringEnum(UNIT_SYSTEMS)),
}, { additionalProperties: false });

export const ErrorSchema = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  code: Type.String(),
  message: Type.String(),
  requestId: Type.String(),
  details: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
}, { title: 'Error', description: 'Every error: NestJS-compatible body plus a stable code (docs/errors.md).' });

/**
 * Response schemas for the error statuses a route may answer. Authenticated routes (401) may also
 * answer 429: the rate limit is checked right after the key.
 */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorSchema> {
  const all = statuses.includes(401) && !statuses.includes(429) ? [...statuses, 429] : statuses;
  return Object.fromEntries(all.map((status) => [status, ErrorSchema]));
}
