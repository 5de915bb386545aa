import type { FastifyError } from 'fastify';
import { z } from 'zod';
import {
  scimGroupResource,
  scimListQuery,
  scimListResponse,
  scimUserResource,
} from '../../../common/contracts/scim';
import { AppError } from '../../errors';
import { parseJsonBody } from '../../lib/json-body';
import type { App } from '../../types';
import { resourceTypes, schemas, serviceProviderConfig } from './scim-discovery';
import { ScimError } from './scim-error';
import {
  createGroup,
  deleteGroup,
  getGroup,
  listGroups,
  patchGroup,
  replaceGroup,
} from './scim-groups.service';
import { authenticateScim, scimBaseUrl } from './scim-tokens.service';
import { createUser, deleteUser, getUser, listUsers, patchUser, replaceUser } from './scim-users.service';

const idParams = z.object({ id: z.string() });
const groupQuery = z.object({ excludedAttributes: z.string().optional() });

/** Any failure as a SCIM Error (identity providers show `detail` to their admins). */
function toScimError(error: unknown): ScimError {
  if (error instanceof ScimError) return error;
  if (error instanceof AppError) return new ScimError(error.status, error.message);
  const { statusCode, message } = error as Partial<FastifyError>;
  const status = typeof statusCode === 'number' ? statusCode : 500;
  if (status >= 500) return new ScimError(500, 'Internal error.');
  return new ScimError(status, message ?? 'Bad request.', status === 400 ? 'invalidSyntax' : undefined);
}

/**
 * SCIM 2.0 (RFC 7644) for identity providers: Okta, Microsoft Entra ID. Mounted at /scim/v2, outside
 * /api: no session, no CSRF (a bearer token, not a cookie), answers in application/scim+json.
 */
export async function scimProtocolRoutes(app: App) {
  const deps = app.deps;
  const base = scimBaseUrl(deps);
  app.addContentTypeParser('application/scim+json', { parseAs: 'string' }, parseJsonBody);
  app.addHook('onRequest', async (request) => {
    request.ctx = await authenticateScim(deps, request.headers.authorization, request.method);
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('content-type', 'application/scim+json; charset=utf-8');
  });
  app.setErrorHandler(async (error, request, reply) => {
    const scim = toScimError(error);
    if (scim.status >= 500) request.log.error({ err: error }, 'SCIM request failed');
    if (scim.status === 401) reply.header('www-authenticate', 'Bearer realm="Stackwise SCIM"');
    return reply.status(scim.status).send(scim.body);
  });
  app.setNotFoundHandler(async (request, reply) =>
    reply.status(404).send(new ScimError(404, `No SCIM endpoint at ${request.url.split('?')[0]}.`).body),
  );

  const hide = { hide: true };
  app.get('/ServiceProviderConfig', { schema: hide }, async () => serviceProviderConfig(base));
  app.get('/ResourceTypes', { schema: hide }, async () => resourceTypes(base));
  app.get('/Schemas', { schema: hide }, async () => schemas(base));

  const user = { ...hide, params: idParams, response: { 200: scimUserResource } };
  app.get('/Users', {
    schema: { ...hide, querystring: scimListQuery, response: { 200: scimListResponse(scimUserResource) } },
    handler: async (request) => listUsers(deps, request.ctx, request.query),
  });
  app.get('/Users/:id', {
    schema: user,
    handler: async (request) => getUser(deps, request.ctx, request.params.id),
  });
  app.post('/Users', {
    schema: { ...hide, response: { 201: scimUserResource } },
    handler: async (request, reply) => {
      reply.code(201);
      return createUser(deps, request.ctx, request.body);
    },
  });
  app.put('/Users/:id', {
    schema: user,
    handler: async (request) => replaceUser(deps, request.ctx, request.params.id, request.body),
  });
  app.patch('/Users/:id', {
    schema: user,
    handler: async (request) => patchUser(deps, request.ctx, request.params.id, request.body),
  });
  app.delete('/Users/:id', {
    schema: { ...hide, params: idParams },
    handler: async (request, reply) => {
      await deleteUser(deps, request.ctx, request.params.id);
      return reply.code(204).send();
    },
  });

  const group = { ...hide, params: idParams, response: { 200: scimGroupResource } };
  app.get('/Groups', {
    schema: { ...hide, querystring: scimListQuery, response: { 200: scimListResponse(scimGroupResource) } },
    handler: async (request) => listGroups(deps, request.ctx, request.query),
  });
  app.get('/Groups/:id', {
    schema: { ...group, querystring: groupQuery },
    handler: async (request) => getGroup(deps, request.ctx, request.params.id, request.query),
  });
  app.post('/Groups', {
    schema: { ...hide, response: { 201: scimGroupResource } },
    handler: async (request, reply) => {
      reply.code(201);
      return createGroup(deps, request.ctx, request.body);
    },
  });
  app.put('/Groups/:id', {
    schema: group,
    handler: async (request) => replaceGroup(deps, request.ctx, request.params.id, request.body),
  });
  app.patch('/Groups/:id', {
    schema: group,
    handler: async (request) => patchGroup(deps, request.ctx, request.params.id, request.body),
  });
  app.delete('/Groups/:id', {
    schema: { ...hide, params: idParams },
    handler: async (request, reply) => {
      await deleteGroup(deps, request.ctx, request.params.id);
      return reply.code(204).send();
    },
  });
}
