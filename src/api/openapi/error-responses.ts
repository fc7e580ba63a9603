import { STATUS_CODES } from 'node:http';
import { ERROR_CATALOG } from '../../domain/error-catalog.ts';

/**
 * The OpenAPI document's shared error responses (components.responses), one per HTTP status,
 * each listing the catalog codes it may carry and an example body. Operations refer to them by
 * name instead of repeating the error schema in every response.
 */
export const ERROR_RESPONSE_NAMES: Record<number, string> = {
  400: 'InvalidRequest',
  401: 'Unauthenticated',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  406: 'VersionNotAcceptable',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  429: 'RateLimited',
  500: 'InternalError',
  503: 'ServiceUnavailable',
};

const EXAMPLE_MESSAGES: Partial<Record<keyof typeof ERROR_CATALOG, string>> = {
  invalid_input: 'The request is invalid: /body/weight/value must be >= 1.',
  missing_credential: 'Send authorization: Bearer <API_KEY>.',
  wrong_environment: 'This API key is for production; this deployment serves sandbox.',
  scan_not_found: 'No scan with id "01a20c9f-a770-7005-ad76-1d21de755fe4".',
  method_not_allowed: '/scans does not take PUT; it takes GET, HEAD, POST.',
  version_not_acceptable: 'This service speaks interface version 1: send accept: application/json;v=1.',
  scan_not_ready: 'The scan is PROCESSING; results exist only once it is READY.',
  payload_too_large: 'The body exceeds the size limit.',
  unsupported_media_type: 'JSON endpoints accept content-type application/json only.',
  rate_limited: 'Too many requests for this partner and environment; retry after 1 s.',
  internal_error: 'Internal error; quote request id 6b1f0a52-54c4-4a8e-9a57-0e8c1d0b7a3e to support.',
  service_unavailable: 'This server is shutting down; send the request again (to another instance, or once it has restarted).',
};

/** components.responses: for each status, its codes (from the catalog), the Error schema and an example. */
export function errorResponseComponents(errorSchemaRef: string): Record<string, unknown> {
  const components: Record<string, unknown> = {};
  for (const [statusText, name] of Object.entries(ERROR_RESPONSE_NAMES)) {
    const status = Number(statusText);
    const codes = Object.entries(ERROR_CATALOG).filter(([, entry]) => entry.status === status);
    const [exampleCode] = codes.find(([code]) => code in EXAMPLE_MESSAGES) ?? codes[0];
    const example: Record<string, unknown> = {
      statusCode: status,
      error: STATUS_CODES[status],
      code: exampleCode,
      message: EXAMPLE_MESSAGES[exampleCode as keyof typeof ERROR_CATALOG] ?? ERROR_CATALOG[exampleCode as keyof typeof ERROR_CATALOG].description,
      requestId: '6b1f0a52-54c4-4a8e-9a57-0e8c1d0b7a3e',
      ...(status === 400 ? { details: [{ path: '/body/weight/value', message: 'must be >= 1' }] } : {}),
    };
    components[name] = {
      description: `${STATUS_CODES[status]}. ${codes.map(([code, entry]) => `\`${code}\`: ${entry.description}`).join(' ')}`,
      ...(status === 429 ? { headers: { 'retry-after': { description: 'Seconds to wait before the next request.', schema: { type: 'integer', minimum: 1 } } } } : {}),
      ...(status === 405 ? { headers: { allow: { description: 'The methods the path takes.', schema: { type: 'string' } } } } : {}),
      content: { 'application/json': { schema: { $ref: errorSchemaRef }, example } },
    };
  }
  return components;
}
