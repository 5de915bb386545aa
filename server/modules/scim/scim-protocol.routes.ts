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
import type { App, RequestContext } from '../../types';
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
const attributesQuery = z.object({ excludedAttributes: z.string().optional() });

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

  resourceRoutes(app, '/Users', scimUserResource, {
    list: listUsers,
    get: (deps, ctx, id) => getUser(deps, ctx, id),
    create: createUser,
    replace: replaceUser,
    patch: patchUser,
    remove: deleteUser,
  });
  resourceRoutes(app, '/Groups', scimGroupResource, {
    list: listGroups,
    get: getGroup,
    create: createGroup,
    replace: replaceGroup,
    patch: patchGroup,
    remove: deleteGroup,
  });
}

type Deps = App['deps'];
type Ctx = RequestContext;

type ListPage = z.output<ReturnType<typeof scimListResponse<z.ZodType>>>;

interface ResourceHandlers {
  list(deps: Deps, ctx: Ctx, query: z.infer<typeof scimListQuery>): Promise<ListPage>;
  get(deps: Deps, ctx: Ctx, id: string, query: { excludedAttributes?: string }): Promise<unknown>;
  create(deps: Deps, ctx: Ctx, body: unknown): Promise<unknown>;
  replace(deps: Deps, ctx: Ctx, id: string, body: unknown): Promise<unknown>;
  patch(deps: Deps, ctx: Ctx, id: string, body: unknown): Promise<unknown>;
  remove(deps: Deps, ctx: Ctx, id: string): Promise<void>;
}

/** The six routes of a SCIM resource type (RFC 7644 §3.2–3.6); bodies are read by the services. */
function resourceRoutes(app: App, path: string, resource: z.ZodType, handlers: ResourceHandlers) {
  const deps = app.deps;
  const hide = true;
  const one = { hide, params: idParams, response: { 200: resource } };
  app.get(path, {
    schema: { hide, querystring: scimListQuery, response: { 200: scimListResponse(resource) } },
    handler: async (request) => handlers.list(deps, request.ctx, request.query),
  });
  app.get(`${path}/:id`, {
    schema: { ...one, querystring: attributesQuery },
    handler: async (request) => handlers.get(deps, request.ctx, request.params.id, request.query),
  });
  app.post(path, {
    schema: { hide, response: { 201: resource } },
    handler: async (request, reply) => {
      reply.code(201);
      return handlers.create(deps, request.ctx, request.body);
    },
  });
  app.put(`${path}/:id`, {
    schema: one,
    handler: async (request) => handlers.replace(deps, request.ctx, request.params.id, request.body),
  });
  app.patch(`${path}/:id`, {
    schema: one,
    handler: async (request) => handlers.patch(deps, request.ctx, request.params.id, request.body),
  });
  app.delete(`${path}/:id`, {
    schema: { hide, params: idParams },
    handler: async (request, reply) => {
      await handlers.remove(deps, request.ctx, request.params.id);
      return reply.code(204).send();
    },
  });
}
