import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { ApiDeps } from '../api-deps.ts';

const tags = ['Operations'];

/** /healthz: the process answers. /readyz: it can serve (database reachable, not draining). */
export const healthRoutes: FastifyPluginAsyncTypebox<{ deps: ApiDeps }> = async (app, { deps }) => {
  app.get('/healthz', {
    schema: { tags, operationId: 'liveness', summary: 'Liveness', security: [], response: { 200: Type.Object({ status: Type.Literal('ok') }) } },
  }, async () => ({ status: 'ok' as const }));

  app.get('/readyz', {
    schema: {
      tags, operationId: 'readiness', summary: 'Readiness', security: [],
      response: { 200: Type.Object({ status: Type.String() }), 503: Type.Object({ status: Type.String() }) },
    },
  }, async (_request, reply) => {
    if (deps.isShuttingDown()) return reply.status(503).send({ status: 'shutting down' });
    if (!(await deps.context.db.ping())) return reply.status(503).send({ status: 'database unreachable' });
    return { status: 'ready' };
  });
};
