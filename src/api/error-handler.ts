import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorObject } from 'ajv';
import { AppError, RateLimitedError, type ErrorCode, type ErrorDetail } from '../domain/error-catalog.ts';
import { validationDetails } from './validation.ts';

export interface ErrorBody {
  statusCode: number;
  error: string;
  code: ErrorCode;
  message: string;
  requestId: string;
  details?: ErrorDetail[];
}

export function sendError(reply: FastifyReply, request: FastifyRequest, error: AppError): FastifyReply {
  const status = error.status;
  const body: ErrorBody = {
    statusCode: status,
    error: STATUS_CODES[status] ?? 'Error',
    code: error.code,
    message: error.message,
    requestId: String(request.id),
    ...(error.details ? { details: error.details } : {}),
  };
  if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterS));
  return reply.status(status).type('application/json;v=1').send(body);
}

/** Fastify's own errors, mapped onto the catalog. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_input',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
};

/** Everything thrown in a route becomes one catalog error; unknown errors are 500s, logged. */
export function toAppError(error: FastifyError & { validation?: ErrorObject[]; validationContext?: string }): AppError | null {
  if (error instanceof AppError) return error;
  if (error.validation) {
    const details = validationDetails(error.validation, error.validationContext ?? 'body');
    return new AppError('invalid_input', `The request is invalid: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}.`, details);
  }
  const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (mapped) return new AppError(mapped, mapped === 'unsupported_media_type' ? 'JSON endpoints accept content-type application/json only.' : error.message);
  if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.message))) {
    return new AppError('invalid_json', 'The body is not valid JSON.');
  }
  if (error.statusCode === 413) return new AppError('payload_too_large', 'The body exceeds the size limit.');
  if (error.statusCode === 415) return new AppError('unsupported_media_type', 'JSON endpoints accept content-type application/json only.');
  return null;
}

/** `/scans/:scanId/upload-url` -> a pattern matching `/scans/<anything but a slash>/upload-url`. */
function routePattern(url: string): RegExp {
  const escaped = url.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
  return new RegExp(`^${escaped}/?$`);
}

/**
 * Collects every route as it is registered, so that a request that matches no route can be told
 * apart: the path exists with other methods (405 method_not_allowed, with `allow`) or not at all
 * (404 route_not_found). Call before any route is registered (onRoute sees later ones only).
 */
function methodsByPath(app: FastifyInstance): (path: string) => string[] {
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    routes.push({ pattern: routePattern(route.url), methods });
  });
  return (path) => {
    const allowed = new Set<string>();
    for (const route of routes) if (route.pattern.test(path)) for (const method of route.methods) allowed.add(method);
    return [...allowed].sort();
  };
}

export function installErrorHandling(app: FastifyInstance): void {
  const allowedMethods = methodsByPath(app);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError) {
      if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
      return sendError(reply, request, appError);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, request, new AppError('internal_error', `Internal error; quote request id ${String(request.id)} to support.`));
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const allowed = allowedMethods(path);
    if (allowed.length > 0) {
      reply.header('allow', allowed.join(', '));
      return sendError(reply, request, new AppError('method_not_allowed', `${path} does not take ${request.method}; it takes ${allowed.join(', ')}.`));
    }
    return sendError(reply, request, new AppError('route_not_found', `No endpoint ${request.method} ${path}.`));
  });
}
