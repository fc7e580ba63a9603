import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { ApiDeps } from '../api-deps.ts';
import { presentPrediction } from '../presenters.ts';
import { errorResponses } from '../schemas/common.ts';
import {
  CreatePredictionBody, PredictionAssetUrlsSchema, PredictionIdParams, PredictionListQuery, PredictionSchema, PredictionUnitQuery,
} from '../schemas/prediction-schemas.ts';
import { ScanIdParams } from '../schemas/scan-schemas.ts';
import {
  createPrediction, deletePrediction, getPredictionAssetUrls, listPredictions, requirePrediction,
} from '../../services/prediction-service.ts';

const tags = ['Body shape predictions'];

export const predictionRoutes: FastifyPluginAsyncTypebox<{ deps: ApiDeps }> = async (app, { deps }) => {
  const { context } = deps;

  app.post('/body-shape-prediction', {
    schema: {
      tags, operationId: 'createBodyShapePrediction', querystring: PredictionUnitQuery, body: CreatePredictionBody,
      summary: 'Predict the body at a target weight (kg) or body fat (%): exactly one target',
      response: { 201: PredictionSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
  }, async (request, reply) => {
    const prediction = await createPrediction(context, request.tenant, request.body);
    return reply.status(201).send(presentPrediction(prediction, request.query['unit-system']));
  });

  app.get('/body-shape-prediction/:bodyShapePredictionId', {
    schema: {
      tags, operationId: 'getBodyShapePrediction', params: PredictionIdParams, querystring: PredictionUnitQuery,
      summary: 'Read a prediction; poll it until READY', response: { 200: PredictionSchema, ...errorResponses(400, 401, 403, 404) },
    },
  }, async (request) => presentPrediction(await requirePrediction(context, request.tenant, request.params.bodyShapePredictionId), request.query['unit-system']));

  app.delete('/body-shape-prediction/:bodyShapePredictionId', {
    schema: {
      tags, operationId: 'deleteBodyShapePrediction', params: PredictionIdParams, summary: 'Delete a prediction and its files',
      response: { 200: PredictionSchema, ...errorResponses(401, 403, 404) },
    },
  }, async (request) => presentPrediction(await deletePrediction(context, request.tenant, request.params.bodyShapePredictionId)));

  app.get('/scans/:scanId/body-shape-predictions', {
    schema: {
      tags, operationId: 'listBodyShapePredictions', params: ScanIdParams, querystring: PredictionListQuery,
      summary: 'Every prediction of a scan, newest first by default', response: { 200: Type.Array(PredictionSchema), ...errorResponses(400, 401, 403, 404) },
    },
  }, async (request) => (await listPredictions(context, request.tenant, request.params.scanId, request.query.order))
    .map((prediction) => presentPrediction(prediction, request.query['unit-system'])));

  app.get('/body-shape-prediction/:bodyShapePredictionId/asset-urls', {
    schema: {
      tags, operationId: 'getBodyShapePredictionAssetUrls', params: PredictionIdParams,
      summary: 'Signed address of the predicted body mesh', response: { 200: PredictionAssetUrlsSchema, ...errorResponses(401, 403, 404, 409) },
    },
  }, async (request) => getPredictionAssetUrls(context, request.tenant, request.params.bodyShapePredictionId));
};
