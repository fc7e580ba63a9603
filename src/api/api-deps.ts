import type { ApiKeyService } from '../services/api-key-service.ts';
import type { SignedLocalStorage, Tenant } from '../services/ports.ts';
import type { ServiceContext } from '../services/service-context.ts';

/** What the HTTP layer needs, handed in by the composition root. */
export interface ApiDeps {
  context: ServiceContext;
  keys: ApiKeyService;
  /** Set in embedded mode: the service serves signed storage addresses itself. */
  signedStorage: SignedLocalStorage | null;
  /** Request body limit for JSON endpoints (bytes). */
  jsonBodyLimitBytes: number;
  /** Seconds a tenant must wait before its next request (0: go ahead); see services/request-rate-limit.ts. */
  rateLimit: (tenant: Tenant, nowMs: number) => number;
  /** True while draining for shutdown: /readyz answers 503, the interface's endpoints 503 service_unavailable. */
  isShuttingDown: () => boolean;
  /** The built web console (default: console/dist of this checkout); tests point it elsewhere. */
  consoleDir?: string;
  /** Origins of signed asset addresses other than this service's own (an S3 bucket): the console's CSP allows fetching from them. */
  storageOrigins?: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    tenant: Tenant;
  }
}
