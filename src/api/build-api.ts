import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Logger as PinoLogger } from 'pino';
import type { ApiDeps } from './api-deps.ts';
import { consoleRoutes } from './console-routes.ts';
import { installErrorHandling } from './error-handler.ts';
import { shapeOpenApiDocument, type OpenApiDocument } from './openapi/shape-openapi-document.ts';
import { AppError } from '../domain/error-catalog.ts';
import { authenticate, checkVersion, enforceRateLimit, installJsonParser, installResponseHeaders, requestIdOf } from './request-hooks.ts';
import { healthReportRoutes } from './routes/health-report-routes.ts';
import { healthRoutes } from './routes/health-routes.ts';
import { predictionRoutes } from './routes/prediction-routes.ts';
import { scanResultRoutes } from './routes/scan-result-routes.ts';
import { scanRoutes } from './routes/scan-routes.ts';
import { storageRoutes } from './routes/storage-routes.ts';
import { userRoutes } from './routes/user-routes.ts';
import { whoamiRoutes } from './routes/whoami-routes.ts';
import { refuseUnsafeText } from './text-safety.ts';
import { validatorCompilers } from './validation.ts';

export const API_TITLE = 'bodyscan API';
export const API_VERSION = '1';

/**
 * The HTTP application: every endpoint of the interface, the signed storage routes of embedded
 * mode, health checks, the OpenAPI document (/openapi.json) and its reference page (/docs).
 * Nothing listens here: the caller decides (tests use inject, main listens).
 */
export async function buildApi(deps: ApiDeps, logger: PinoLogger | false): Promise<FastifyInstance> {
  const base = Fastify({
    loggerInstance: logger === false ? undefined : logger,
    logger: logger === false ? false : undefined,
    genReqId: requestIdOf,
    bodyLimit: deps.jsonBodyLimitBytes,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
  }) as unknown as FastifyInstance;
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompilers());
  installJsonParser(base, deps.jsonBodyLimitBytes);
  installErrorHandling(base);
  installResponseHeaders(base);
  // Every route, the signed storage routes included: NUL and lone surrogates never reach the database.
  base.addHook('preValidation', async (request) => refuseUnsafeText(request));

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: API_TITLE,
        version: API_VERSION,
        description: 'Body scanning: users, scans, measurements, body composition, health report, body shape predictions. Every request carries `authorization: Bearer <API_KEY>` and may send `accept: application/json;v=1`; every error has the Error body with a stable `code` (the catalog is in the repository\'s docs/errors.md).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transformObject: (documentObject) => shapeOpenApiDocument((documentObject as unknown as { openapiObject: OpenApiDocument }).openapiObject) as never,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(healthRoutes, { deps });
  // The web console: static files, no key needed to load them; it then calls the API below with one.
  await consoleRoutes(base, deps.consoleDir, deps.storageOrigins);
  if (deps.signedStorage) storageRoutes(base, deps.context, deps.signedStorage);

  // The interface's endpoints: version check, authentication and the partner's rate limit before
  // anything else reads the request.
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      if (deps.isShuttingDown()) throw new AppError('service_unavailable', 'This server is shutting down; send the request again (to another instance, or once it has restarted).');
      checkVersion(request);
      await authenticate(request, deps.keys);
      enforceRateLimit(request, deps.rateLimit, deps.context.clock.now().getTime());
    });
    await scope.register(userRoutes, { deps });
    await scope.register(scanRoutes, { deps });
    await scope.register(scanResultRoutes, { deps });
    await scope.register(healthReportRoutes, { deps });
    await scope.register(predictionRoutes, { deps });
    await scope.register(whoamiRoutes, { deps });
  });

  return base;
}
