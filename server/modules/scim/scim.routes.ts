import { scimTokenCreatedResponse, scimTokenStatusResponse } from '../../../common/contracts/scim';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import { getScimTokenStatus, revokeScimToken, rotateScimToken } from './scim-tokens.service';

const tags = ['scim'];

/** The organization's SCIM token (Scale): owners and admins make, rotate and revoke it. */
export async function scimRoutes(app: App) {
  const deps = app.deps;
  const manage = guard({ feature: 'scim', action: 'settings.manage' });

  app.get('/scim/token', {
    schema: { operationId: 'getScimToken', tags, response: { 200: scimTokenStatusResponse } },
    preHandler: manage,
    handler: async (request) => getScimTokenStatus(deps, request.ctx),
  });

  app.post('/scim/token', {
    schema: { operationId: 'rotateScimToken', tags, response: { 201: scimTokenCreatedResponse } },
    preHandler: manage,
    handler: async (request, reply) => {
      reply.code(201);
      return rotateScimToken(deps, request.ctx);
    },
  });

  app.delete('/scim/token', {
    schema: { operationId: 'revokeScimToken', tags },
    preHandler: manage,
    handler: async (request, reply) => {
      await revokeScimToken(deps, request.ctx);
      return reply.code(204).send();
    },
  });
}
