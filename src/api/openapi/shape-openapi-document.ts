import { ERROR_RESPONSE_NAMES, errorResponseComponents } from './error-responses.ts';
import { OPENAPI_EXAMPLES } from './openapi-examples.ts';
import { SUCCESS_DESCRIPTIONS } from './success-descriptions.ts';

/**
 * Turns the document fastify-swagger builds from the route schemas (every schema inlined, success
 * responses called "Default Response") into the published one:
 * - every schema with a `title` becomes a named component (`#/components/schemas/Scan`, ...) and
 *   each use of it a `$ref`; a nullable use (`type: ['object', 'null']`) becomes
 *   `anyOf: [$ref, {type: 'null'}]`;
 * - error responses refer to shared components.responses (one per status, listing its codes),
 *   and every operation of the interface lists the statuses any request may get (406, 500, 503;
 *   413 and 415 where it takes a body);
 * - success responses say what they hold (success-descriptions.ts), named schemas carry a real
 *   example (openapi-examples.ts), and `servers` names the deployment's address.
 * Only the document changes: the routes validate and serialize with their own inline schemas.
 */
export function shapeOpenApiDocument(document: OpenApiDocument): OpenApiDocument {
  const schemas: Record<string, Json> = { ...(document.components?.schemas ?? {}) };
  const paths = hoistTitledSchemas(document.paths, schemas) as OpenApiDocument['paths'];
  for (const [name, schema] of Object.entries(schemas)) {
    const example = OPENAPI_EXAMPLES[name];
    if (example !== undefined) schemas[name] = { ...(schema as Record<string, Json>), examples: [example as Json] };
  }
  if (!schemas.Error) throw new Error('the route schemas no longer name an Error schema');

  for (const methods of Object.values(paths)) {
    for (const operation of Object.values(methods)) {
      const responses = operation.responses ?? {};
      for (const [status, response] of Object.entries(responses)) {
        const name = ERROR_RESPONSE_NAMES[Number(status)];
        if (name) responses[status] = { $ref: `#/components/responses/${name}` };
        else if (Number(status) < 400) {
          const description = operation.operationId ? SUCCESS_DESCRIPTIONS[operation.operationId] : undefined;
          if (description) (response as Record<string, Json>).description = description;
        }
      }
      if (operation.operationId && OPTIONAL_BODY_OPERATIONS.has(operation.operationId) && operation.requestBody) {
        (operation.requestBody as Record<string, Json>).required = false;
      }
      const interfaceOperation = operation.security === undefined; // the public health checks say security: []
      if (interfaceOperation) {
        const always = [406, 500, 503, ...(operation.requestBody ? [400, 413, 415] : [])];
        for (const status of always) responses[String(status)] ??= { $ref: `#/components/responses/${ERROR_RESPONSE_NAMES[status]}` };
      }
      operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));
    }
  }

  return {
    ...document,
    info: {
      ...document.info,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{
      url: '{baseUrl}',
      description: 'Your bodyscan deployment (its PUBLIC_BASE_URL).',
      variables: { baseUrl: { default: 'http://localhost:8080', description: 'The address clients reach the service at.' } },
    }],
    paths,
    components: {
      ...document.components,
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
      responses: errorResponseComponents('#/components/schemas/Error'),
      securitySchemes: {
        bearer: {
          type: 'http', scheme: 'bearer', bearerFormat: 'JWT',
          description: 'An API key issued by the operator (`bodyscan keys create`): a signed token naming the partner, the environment and a key id. Send `authorization: Bearer <API_KEY>`.',
        },
      },
    },
  };
}

/** Operations whose JSON body may be left out (fastify-swagger marks every body required). */
const OPTIONAL_BODY_OPERATIONS = new Set(['acceptTerms']);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface OpenApiOperation {
  operationId?: string;
  security?: Json[];
  requestBody?: Json;
  responses?: Record<string, Json>;
  [key: string]: unknown;
}

export interface OpenApiDocument {
  openapi: string;
  info: Record<string, Json>;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, Json>; [key: string]: unknown };
  [key: string]: unknown;
}

/**
 * Replaces every titled schema under `node` by a `$ref` to components.schemas[title], innermost
 * first, and collects it in `schemas`. Two different schemas with one title are a bug in the
 * route schemas, reported rather than silently merged.
 */
function hoistTitledSchemas(node: unknown, schemas: Record<string, Json>): Json {
  if (Array.isArray(node)) return node.map((item) => hoistTitledSchemas(item, schemas));
  if (node === null || typeof node !== 'object') return node as Json;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(node)) out[key] = hoistTitledSchemas(value, schemas);
  const title = out.title;
  if (typeof title !== 'string' || out.$ref !== undefined) return out;
  const types = Array.isArray(out.type) ? out.type : [out.type];
  const nullable = types.includes('null') && types.length === 2;
  const named: Record<string, Json> = nullable ? { ...out, type: types.find((type) => type !== 'null') ?? null } : out;
  const known = schemas[title];
  if (known !== undefined && JSON.stringify(known) !== JSON.stringify(named)) {
    throw new Error(`two different schemas are titled "${title}"`);
  }
  schemas[title] = named;
  const ref = { $ref: `#/components/schemas/${title}` };
  return nullable ? { anyOf: [ref, { type: 'null' }] } : ref;
}
