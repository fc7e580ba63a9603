import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { ApiDeps } from '../api-deps.ts';
import { presentTerms, presentUser } from '../presenters.ts';
import { UnitSystemQuery, errorResponses } from '../schemas/common.ts';
import {
  AcceptTermsBody, ListUsersQuery, PatchUserBody, RegisterUserBody, TermsAcceptanceSchema, TokenParams, UserPageSchema, UserSchema, UserTokenParams,
} from '../schemas/user-schemas.ts';
import { listUsers } from '../../services/user-list.ts';
import { acceptTerms, deleteUser, getUser, listTerms, patchUser, registerUser } from '../../services/user-service.ts';

const tags = ['Users'];

export const userRoutes: FastifyPluginAsyncTypebox<{ deps: ApiDeps }> = async (app, { deps }) => {
  const { context } = deps;

  app.post('/users', {
    schema: {
      tags, operationId: 'registerUser', summary: 'Register a user (upsert by token: a known token updates that user and still answers 201)',
      body: RegisterUserBody, response: { 201: UserSchema, ...errorResponses(400, 401, 403) },
    },
  }, async (request, reply) => {
    const user = await registerUser(context, request.tenant, request.body);
    return reply.status(201).send(presentUser(user));
  });

  app.get('/users', {
    schema: {
      tags, operationId: 'listUsers', querystring: ListUsersQuery,
      summary: 'List users, newest first by default; optional tokenContains searches tokens; cursor-paged',
      response: { 200: UserPageSchema, ...errorResponses(400, 401, 403) },
    },
  }, async (request) => {
    const { limit, cursor, order, tokenContains } = request.query;
    const page = await listUsers(context, request.tenant, { limit, cursor, order, tokenContains });
    return { results: page.results.map((user) => presentUser(user, request.query['unit-system'])), pageInfo: { cursor: page.cursor } };
  });

  app.get('/users/:token', {
    schema: {
      tags, operationId: 'getUser', summary: 'Read a user', params: TokenParams, querystring: UnitSystemQuery,
      response: { 200: UserSchema, ...errorResponses(400, 401, 403, 404) },
    },
  }, async (request) => presentUser(await getUser(context, request.tenant, request.params.token), request.query['unit-system']));

  app.patch('/users/:token', {
    schema: {
      tags, operationId: 'updateUser', summary: 'Change some of a user\'s fields', params: TokenParams, body: PatchUserBody,
      response: { 200: UserSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
  }, async (request) => presentUser(await patchUser(context, request.tenant, request.params.token, request.body)));

  app.delete('/users/:token', {
    schema: {
      tags, operationId: 'deleteUser', summary: 'Delete a user with all its scans, predictions, terms records and files',
      params: TokenParams, response: { 200: UserSchema, ...errorResponses(401, 403, 404) },
    },
  }, async (request) => presentUser(await deleteUser(context, request.tenant, request.params.token)));

  app.get('/users/:userToken/terms', {
    schema: {
      tags, operationId: 'listTermsAcceptances', summary: 'The user\'s terms acceptance records', params: UserTokenParams,
      response: { 200: Type.Array(TermsAcceptanceSchema), ...errorResponses(401, 403, 404) },
    },
  }, async (request) => (await listTerms(context, request.tenant, request.params.userToken)).map(presentTerms));

  app.post('/users/:userToken/terms', {
    schema: {
      tags, operationId: 'acceptTerms', summary: 'Record acceptance of a terms version (default: the current version)',
      params: UserTokenParams, body: AcceptTermsBody,
      response: { 201: TermsAcceptanceSchema, ...errorResponses(400, 401, 403, 404) },
    },
    // The body is optional here: an empty one means "accept the current version".
    preValidation: async (request) => { request.body ??= {}; },
  }, async (request, reply) => {
    const terms = await acceptTerms(context, request.tenant, request.params.userToken, request.body.version);
    return reply.status(201).send(presentTerms(terms));
  });
};
