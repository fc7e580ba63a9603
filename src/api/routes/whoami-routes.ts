import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { ApiDeps } from '../api-deps.ts';
import { errorResponses } from '../schemas/common.ts';

/**
 * GET /whoami: the partner and environment of the API key that signs the request. The interface has
 * no other way to learn them, and the console shows them on every view so that nobody mistakes a
 * production key for a sandbox one.
 */
export const whoamiRoutes: FastifyPluginAsyncTypebox<{ deps: ApiDeps }> = async (app) => {
  app.get('/whoami', {
    schema: {
      tags: ['Operations'], operationId: 'whoami', summary: 'The partner and environment of the API key',
      response: {
        200: Type.Object({ partner: Type.String(), environment: Type.Union([Type.Literal('sandbox'), Type.Literal('production')]) }, { title: 'KeyIdentity' }),
        ...errorResponses(401, 403),
      },
    },
  }, async (request) => ({ partner: request.tenant.partnerId, environment: request.tenant.environment }));
};
