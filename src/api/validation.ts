import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import type { ErrorDetail } from '../domain/error-catalog.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/**
 * Bodies are validated strictly: no coercion, unknown fields rejected (schemas say
 * additionalProperties: false and nothing is removed). Query strings and path parameters arrive
 * as text, so that validator coerces ("5" -> 5). Every problem is reported (allErrors).
 */
export function validatorCompilers(): FastifySchemaCompiler<unknown> {
  const strict = addFormats(new Ajv({ allErrors: true, coerceTypes: false, removeAdditional: false, useDefaults: false, strict: false }));
  const coercing = addFormats(new Ajv({ allErrors: true, coerceTypes: true, removeAdditional: false, useDefaults: true, strict: false }));
  return ({ schema, httpPart }) => {
    const validate: ValidateFunction = (httpPart === 'body' ? strict : coercing).compile(schema as object);
    return (data: unknown) => (validate(data) ? { value: data } : { error: Object.assign(new Error('validation failed'), { validation: validate.errors ?? [] }) });
  };
}

/** Ajv errors as {path, message} with JSON pointers that name the offending field. */
export function validationDetails(errors: ErrorObject[], part: string): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  const add = (path: string, message: string): void => {
    const key = `${path}\u0000${message}`;
    if (!seen.has(key)) { seen.add(key); details.push({ path, message }); }
  };
  // A failed `anyOf` (nullable fields) also reports each branch; keep only its summary.
  const unionPaths = new Set(errors.filter((error) => error.keyword === 'anyOf').map((error) => error.instancePath));
  for (const error of errors) {
    const base = `/${part}${error.instancePath}`;
    if (error.keyword !== 'anyOf' && unionPaths.has(error.instancePath)) continue;
    switch (error.keyword) {
      case 'additionalProperties':
        add(`${base}/${String(error.params.additionalProperty)}`, 'is not a known field');
        break;
      case 'required':
        add(`${base}/${String(error.params.missingProperty)}`, 'is required');
        break;
      case 'enum':
        add(base, `must be one of: ${(error.params.allowedValues as unknown[]).join(', ')}`);
        break;
      case 'anyOf':
        add(base, `has the wrong type (${describeUnion(error)})`);
        break;
      default:
        add(base, error.message ?? 'is invalid');
    }
  }
  return details;
}

function describeUnion(error: ErrorObject): string {
  const branches = (error.schema as Array<{ type?: string }> | undefined) ?? [];
  const types = branches.map((branch) => branch.type ?? 'value').join(' or ');
  return types ? `expected ${types}` : 'no allowed form matched';
}
