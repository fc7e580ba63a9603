import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ApiDeps } from '../api-deps.ts';
import { presentScan, presentScanAssets } from '../presenters.ts';
import { UnitSystemQuery, errorResponses } from '../schemas/common.ts';
import {
  CreateScanBody, IdParams, ListScansQuery, ScanAssetsSchema, ScanIdParams, ScanPageSchema, ScanSchema, UploadAddressSchema,
} from '../schemas/scan-schemas.ts';
import {
  createScan, createUploadUrl, deleteScan, getScan, getScanAssets, listScans,
} from '../../services/scan-service.ts';

const tags = ['Scans'];

export const scanRoutes: FastifyPluginAsyncTypebox<{ deps: ApiDeps }> = async (app, { deps }) => {
  const { context } = deps;

  app.get('/scans', {
    schema: {
      tags, operationId: 'listScans', querystring: ListScansQuery,
      summary: 'List scans, newest first by default; optional userToken selects one user; cursor-paged',
      response: { 200: ScanPageSchema, ...errorResponses(400, 401, 403) },
    },
  }, async (request) => {
    const { limit, cursor, order, userToken } = request.query;
    const page = await listScans(context, request.tenant, { limit, cursor, order, userToken });
    return { results: page.results.map((scan) => presentScan(scan, request.query['unit-system'])), pageInfo: { cursor: page.cursor } };
  });

  app.post('/scans', {
    schema: {
      tags, operationId: 'createScan', summary: 'Register a scan for a user (defaults: Default native pipeline, coco2)',
      body: CreateScanBody, response: { 201: ScanSchema, ...errorResponses(400, 401, 403, 404) },
    },
  }, async (request, reply) => reply.status(201).send(presentScan(await createScan(context, request.tenant, request.body))));

  app.get('/scans/:id', {
    schema: {
      tags, operationId: 'getScan', summary: 'Read a scan; poll it to follow processing', params: IdParams, querystring: UnitSystemQuery,
      response: { 200: ScanSchema, ...errorResponses(400, 401, 403, 404) },
    },
  }, async (request) => presentScan(await getScan(context, request.tenant, request.params.id), request.query['unit-system']));

  app.delete('/scans/:id', {
    schema: {
      tags, operationId: 'deleteScan', summary: 'Delete a scan, its predictions and every stored file', params: IdParams,
      response: { 200: ScanSchema, ...errorResponses(401, 403, 404) },
    },
  }, async (request) => presentScan(await deleteScan(context, request.tenant, request.params.id)));

  app.post('/scans/:scanId/upload-url', {
    schema: {
      tags, operationId: 'createUploadUrl', params: ScanIdParams,
      summary: 'A pre-signed address to PUT the capture to (while the scan is CREATED)',
      response: { 201: UploadAddressSchema, ...errorResponses(401, 403, 404, 409) },
    },
  }, async (request, reply) => {
    const address = await createUploadUrl(context, request.tenant, request.params.scanId);
    return reply.status(201).send({ url: address.url, expirationTime: address.expirationTime.toISOString() });
  });

  app.get('/scans/:scanId/scan-assets', {
    schema: {
      tags, operationId: 'getScanAssets', summary: 'Processing state of each pipeline stage', params: ScanIdParams,
      response: { 200: ScanAssetsSchema, ...errorResponses(401, 403, 404) },
    },
  }, async (request) => presentScanAssets(await getScanAssets(context, request.tenant, request.params.scanId)));
};
