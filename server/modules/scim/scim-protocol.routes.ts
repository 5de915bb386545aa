import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  scimGroupResource,
  scimListQuery,
  scimListResponse,
  scimUserResource,
} from '../../../common/contracts/scim';
import { parseJsonBody } from '../../lib/json-body';
import { enforceCallBudget, spendCallBudget } from '../../lib/rate-limit/budget';
import { errorReplyFor } from '../../plugins/error-handler';
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
import { authenticateScim, findScimCredential, scimBaseUrl } from './scim-tokens.service';
import { createUser, deleteUser, getUser, listUsers, patchUser, replaceUser } from './scim-users.service';

const idParams = z.object({ id: z.string() });
const attributesQuery = z.object({ excludedAttributes: z.string().optional() });

/**
 * Any failure as a SCIM Error (identity providers show `detail` to their admins), with the status,
 * message and headers `/api` gives it: a database outage is 503 with Retry-After, never a 500.
 */
function toScimError(
  error: unknown,
  log: FastifyBaseLogger,
): { scim: ScimError; headers?: Record<string, string> } {
  if (error instanceof ScimError) return { scim: error };
  const { status, body, headers } = errorReplyFor(error, log);
  const syntax = status === 400 && (body.code === 'validation_error' || body.code === 'bad_request');
  return { scim: new ScimError(status, body.message, syntax ? 'invalidSyntax' : undefined), headers };
}

/**
 * SCIM 2.0 (RFC 7644) for identity providers: Okta, Microsoft Entra ID. Mounted at /scim/v2, outside
 * /api: no session, no CSRF (a bearer token, not a cookie), answers in application/scim+json.
 */
export async function scimProtocolRoutes(app: App) {
  const deps = app.deps;
  const base = scimBaseUrl(deps);
  app.addContentTypeParser('application/scim+json', { parseAs: 'string' }, parseJsonBody);
  app.addHook('onRequest', async (request, reply) => {
    const credential = await findScimCredential(deps, request.headers.authorization);
    // The per-token budget and RateLimit-* headers API keys have, with the same limit.
    const limit = deps.env.API_RATE_LIMIT_PER_MINUTE;
    const budget = await spendCallBudget(deps.db, { bucket: 'scim-token', key: credential.tokenId, limit });
    enforceCallBudget(reply, budget, 'This SCIM token');
    request.ctx = await authenticateScim(deps, credential, request.method);
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('content-type', 'application/scim+json; charset=utf-8');
  });
  app.setErrorHandler(async (error, request, reply) => {
    const log = request.log.child({ route: `${request.method} ${request.routeOptions.url ?? '(no route)'}` });
    const { scim, headers } = toScimError(error, log);
    if (headers) reply.headers(headers);
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
