import { z } from 'zod';
import { apiKeyResponse, createApiKeyBody, createdApiKeyResponse } from '../../../common/contracts/api-keys';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

const tags = ['api-keys'];

/**
 * The organization's API keys (Scale). Owners and admins manage them (settings.manage); a key
 * itself acts as member or viewer, so it can never reach these routes.
 */
export async function apiKeysRoutes(app: App) {
  const deps = app.deps;
  const manage = guard({ feature: 'apiAccess', action: 'settings.manage' });

  app.get('/api-keys', {
    schema: { operationId: 'listApiKeys', tags, response: { 200: z.array(apiKeyResponse) } },
    preHandler: manage,
    handler: async (request) => listApiKeys(deps, request.ctx),
  });

  app.post('/api-keys', {
    schema: {
      operationId: 'createApiKey',
      description: 'The response carries the secret key: the only time it is shown.',
      tags,
      body: createApiKeyBody,
      response: { 201: createdApiKeyResponse },
    },
    preHandler: manage,
    handler: async (request, reply) => {
      reply.code(201);
      return createApiKey(deps, request.ctx, request.body);
    },
  });

  app.delete('/api-keys/:id', {
    schema: {
      operationId: 'revokeApiKey',
      tags,
      params: z.object({ id: z.uuid() }),
      response: { 204: z.null() },
    },
    preHandler: manage,
    handler: async (request, reply) => {
      await revokeApiKey(deps, request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  });
}
