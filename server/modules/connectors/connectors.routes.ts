import {
  addDiscoveredResponse,
  connectorsResponse,
  connectResponse,
  connectTokenBody,
  connectTokenResponse,
  discoveredAppsResponse,
  discoveredParams,
  discoveredQuery,
  oauthCallbackQuery,
  providerParams,
  syncResponse,
} from '../../../common/contracts/connectors';
import { AppError } from '../../errors';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import {
  connectWithToken,
  disconnect,
  finishConnect,
  listConnectors,
  startConnect,
  syncNow,
} from './connectors.service';
import { addDiscoveredApp, ignoreDiscoveredApp, listDiscoveredApps } from './discovered.service';

const tags = ['connectors'];
const SETTINGS_PAGE = '/app/settings/integrations';

/** Connectors (Growth and Scale): everyone reads; owners and admins connect, sync and disconnect. */
export async function connectorsRoutes(app: App) {
  const deps = app.deps;
  const read = guard({ feature: 'connectors' });
  const manage = guard({ feature: 'connectors', action: 'settings.manage', sessionOnly: true });
  const write = guard({ feature: 'connectors', action: 'data.write' });

  app.get('/connectors', {
    schema: { operationId: 'listConnectors', tags, response: { 200: connectorsResponse } },
    preHandler: read,
    handler: async (request) => listConnectors(deps, request.ctx),
  });

  app.post('/connectors/:provider/connect', {
    schema: {
      operationId: 'connectConnector',
      tags,
      params: providerParams,
      response: { 200: connectResponse },
    },
    preHandler: manage,
    handler: async (request) => startConnect(deps, request.ctx, request.params.provider),
  });

  // API-token providers (Okta): the domain and token, checked with the provider before they are stored.
  app.post('/connectors/:provider/token', {
    schema: {
      operationId: 'connectConnectorWithToken',
      tags,
      params: providerParams,
      body: connectTokenBody,
      response: { 201: connectTokenResponse },
    },
    preHandler: manage,
    handler: async (request, reply) => {
      reply.code(201);
      return connectWithToken(deps, request.ctx, request.params.provider, request.body);
    },
  });

  // The provider sends the browser back here: the answer is a redirect to Settings → Integrations.
  app.get('/connectors/oauth/callback', {
    schema: { operationId: 'connectorOauthCallback', tags, querystring: oauthCallbackQuery },
    preHandler: manage,
    handler: async (request, reply) => {
      try {
        const provider = await finishConnect(deps, request.ctx, request.query);
        return reply.redirect(`${SETTINGS_PAGE}?connected=${provider}`, 302);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return reply.redirect(`${SETTINGS_PAGE}?error=${encodeURIComponent(error.message)}`, 302);
      }
    },
  });

  app.post('/connectors/:provider/sync', {
    schema: { operationId: 'syncConnector', tags, params: providerParams, response: { 202: syncResponse } },
    preHandler: manage,
    handler: async (request, reply) => {
      reply.code(202);
      return syncNow(deps, request.ctx, request.params.provider);
    },
  });

  app.delete('/connectors/:provider', {
    schema: { operationId: 'disconnectConnector', tags, params: providerParams },
    preHandler: manage,
    handler: async (request, reply) => {
      await disconnect(deps, request.ctx, request.params.provider);
      return reply.code(204).send();
    },
  });

  app.get('/connectors/discovered', {
    schema: {
      operationId: 'listDiscoveredApps',
      tags,
      querystring: discoveredQuery,
      response: { 200: discoveredAppsResponse },
    },
    preHandler: read,
    handler: async (request) => listDiscoveredApps(deps, request.ctx, request.query.status),
  });

  app.post('/connectors/discovered/:id/add', {
    schema: {
      operationId: 'addDiscoveredApp',
      tags,
      params: discoveredParams,
      response: { 201: addDiscoveredResponse },
    },
    preHandler: write,
    handler: async (request, reply) => {
      reply.code(201);
      return addDiscoveredApp(deps, request.ctx, request.params.id);
    },
  });

  app.post('/connectors/discovered/:id/ignore', {
    schema: { operationId: 'ignoreDiscoveredApp', tags, params: discoveredParams },
    preHandler: write,
    handler: async (request, reply) => {
      await ignoreDiscoveredApp(deps, request.ctx, request.params.id);
      return reply.code(204).send();
    },
  });
}
