import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { ApiDeps } from '../api-deps.ts';
import { presentBodyfat, presentMeasurements } from '../presenters.ts';
import { UnitSystemQuery, errorResponses } from '../schemas/common.ts';
import {
  AssetTypeParams, AssetUrlsSchema, BodyfatSchema, MeasurementsSchema, PatchBodyfatBody, ScanIdParams,
} from '../schemas/scan-schemas.ts';
import {
  changeBodyfatMethod, getAssetUrl, getAssetUrls, getBodyfat, getMeasurements,
} from '../../services/scan-results-service.ts';

const tags = ['Scan results'];
const notReady = errorResponses(400, 401, 403, 404, 409);

export const scanResultRoutes: FastifyPluginAsyncTypebox<{ deps: ApiDeps }> = async (app, { deps }) => {
  const { context } = deps;

  app.get('/scans/:scanId/measurements', {
    schema: {
      tags, operationId: 'getMeasurements', summary: 'The 32 measurements (circumferences in m, or in when imperial)',
      params: ScanIdParams, querystring: UnitSystemQuery, response: { 200: MeasurementsSchema, ...notReady },
    },
  }, async (request) => presentMeasurements(await getMeasurements(context, request.tenant, request.params.scanId), request.query['unit-system']));

  app.get('/scans/:scanId/bodyfat', {
    schema: {
      tags, operationId: 'getBodyfat', summary: 'Body composition by the scan\'s method', params: ScanIdParams, querystring: UnitSystemQuery,
      response: { 200: BodyfatSchema, ...notReady },
    },
  }, async (request) => presentBodyfat(await getBodyfat(context, request.tenant, request.params.scanId), request.query['unit-system']));

  app.patch('/scans/:scanId/bodyfat', {
    schema: {
      tags, operationId: 'changeBodyfatMethod', summary: 'Recompute body composition with another method (no new capture needed)',
      params: ScanIdParams, querystring: UnitSystemQuery, body: PatchBodyfatBody, response: { 200: BodyfatSchema, ...notReady },
    },
  }, async (request) => {
    const bodyfat = await changeBodyfatMethod(context, request.tenant, request.params.scanId, request.body.bodyfatMethod);
    return presentBodyfat(bodyfat, request.query['unit-system']);
  });

  app.get('/scans/:scanId/asset-urls', {
    schema: {
      tags, operationId: 'getAssetUrls', summary: 'Signed, expiring addresses of every asset (null where absent)', params: ScanIdParams,
      response: { 200: AssetUrlsSchema, ...notReady },
    },
  }, async (request) => getAssetUrls(context, request.tenant, request.params.scanId));

  app.get('/scans/:scanId/asset-urls/:assetType', {
    schema: {
      tags, operationId: 'getAssetUrl', params: AssetTypeParams,
      summary: 'One asset\'s address, as a JSON string (assetType: preview-image, model, canonical-body, texture, material, stripes, capture-video)',
      response: { 200: Type.String(), ...notReady },
    },
  }, async (request, reply) => {
    const url = await getAssetUrl(context, request.tenant, request.params.scanId, request.params.assetType);
    // A JSON string, quoted: fast-json-stringify would send a bare string as text.
    return reply.type('application/json;v=1').send(JSON.stringify(url));
  });
};
