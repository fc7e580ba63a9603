import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ApiDeps } from '../api-deps.ts';
import { UnitSystemQuery, errorResponses } from '../schemas/common.ts';
import { HealthReportSchema, ScanIdParams } from '../schemas/scan-schemas.ts';
import { getHealthReport } from '../../services/health-report-service.ts';

export const healthReportRoutes: FastifyPluginAsyncTypebox<{ deps: ApiDeps }> = async (app, { deps }) => {
  app.get('/scans/:scanId/health-report', {
    schema: {
      tags: ['Scan results'], operationId: 'getHealthReport',
      summary: 'Health report: six metric sections, metabolism, metabolic age, ALM and skeletal muscle (docs/health-report.md)',
      params: ScanIdParams, querystring: UnitSystemQuery, response: { 200: HealthReportSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
  }, async (request) => getHealthReport(deps.context, request.tenant, request.params.scanId, request.query['unit-system']));
};
