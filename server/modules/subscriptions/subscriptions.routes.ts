import { z } from 'zod';
import { errorResponse } from '../../../common/contracts/errors';
import {
  activityEventResponse,
  bulkIdsBody,
  bulkResultResponse,
  bulkUpdateSubscriptionsBody,
  createSubscriptionBody,
  idParams,
  listSubscriptionsQuery,
  priceChangeResponse,
  subscriptionListResponse,
  subscriptionResponse,
  updateSubscriptionBody,
} from '../../../common/contracts/subscriptions';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import * as bulk from './subscriptions-bulk.service';
import * as query from './subscriptions-query.service';
import * as service from './subscriptions.service';
import { queryKey, sendOrganizationCached } from '../../lib/versioned-cache';
import { hasAllocationFilter } from '../entities';

const tags = ['subscriptions'];
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse };

export async function subscriptionsRoutes(app: App) {
  const deps = app.deps;

  app.get('/subscriptions', {
    schema: {
      operationId: 'listSubscriptions',
      tags,
      querystring: listSubscriptionsQuery,
      response: { 200: subscriptionListResponse, 400: errorResponse },
    },
    preHandler: guard(),
    handler: async (request, reply) => {
      // An allocation change does not bump the version the cache keys on: entity/brand filtered
      // pages are computed each time.
      if (hasAllocationFilter(request.query))
        return query.listSubscriptionsPage(deps, request.ctx, request.query);
      // Served from the server's cache while nothing the page shows changed (versioned-cache.ts).
      const key = `subscriptions|${queryKey(request.query)}`;
      return sendOrganizationCached(reply, deps, request.ctx, key, () =>
        query.listSubscriptionsPage(deps, request.ctx, request.query),
      );
    },
  });

  app.post('/subscriptions', {
    schema: {
      operationId: 'createSubscription',
      tags,
      body: createSubscriptionBody,
      response: { 201: subscriptionResponse, ...errors },
    },
    preHandler: guard({ action: 'data.write' }),
    handler: async (request, reply) =>
      reply.status(201).send(await service.createSubscription(deps, request.ctx, request.body)),
  });

  app.post('/subscriptions/bulk', {
    schema: {
      operationId: 'bulkUpdateSubscriptions',
      tags,
      body: bulkUpdateSubscriptionsBody,
      response: { 200: bulkResultResponse, ...errors },
    },
    preHandler: guard({ action: 'data.write' }),
    handler: async (request) => bulk.bulkUpdate(deps, request.ctx, request.body),
  });

  app.post('/subscriptions/bulk-archive', {
    schema: {
      operationId: 'bulkArchiveSubscriptions',
      tags,
      body: bulkIdsBody,
      response: { 200: bulkResultResponse, ...errors },
    },
    preHandler: guard({ action: 'data.write' }),
    handler: async (request) => bulk.bulkArchive(deps, request.ctx, request.body.ids),
  });

  app.get('/subscriptions/:id', {
    schema: {
      operationId: 'getSubscription',
      tags,
      params: idParams,
      response: { 200: subscriptionResponse, 404: errorResponse },
    },
    preHandler: guard(),
    handler: async (request) => service.getSubscription(deps, request.ctx, request.params.id),
  });

  app.patch('/subscriptions/:id', {
    schema: {
      operationId: 'updateSubscription',
      tags,
      params: idParams,
      body: updateSubscriptionBody,
      response: { 200: subscriptionResponse, ...errors },
    },
    preHandler: guard({ action: 'data.write' }),
    handler: async (request) =>
      service.updateSubscription(deps, request.ctx, request.params.id, request.body),
  });

  app.delete('/subscriptions/:id', {
    schema: {
      operationId: 'archiveSubscription',
      description: 'Archives the application (restore with POST /subscriptions/{id}/restore).',
      tags,
      params: idParams,
      response: { 204: z.null(), ...errors },
    },
    preHandler: guard({ action: 'data.write' }),
    handler: async (request, reply) => {
      await service.archiveSubscription(deps, request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.post('/subscriptions/:id/restore', {
    schema: {
      operationId: 'restoreSubscription',
      tags,
      params: idParams,
      response: { 200: subscriptionResponse, ...errors },
    },
    preHandler: guard({ action: 'data.write' }),
    handler: async (request) => service.restoreSubscription(deps, request.ctx, request.params.id),
  });

  app.get('/subscriptions/:id/history', {
    schema: {
      operationId: 'getSubscriptionPriceHistory',
      tags,
      params: idParams,
      response: { 200: z.array(priceChangeResponse), 404: errorResponse },
    },
    preHandler: guard(),
    handler: async (request) => query.priceHistory(deps, request.ctx, request.params.id),
  });

  app.get('/subscriptions/:id/activity', {
    schema: {
      operationId: 'getSubscriptionActivity',
      tags,
      params: idParams,
      response: { 200: z.array(activityEventResponse), 404: errorResponse },
    },
    preHandler: guard(),
    handler: async (request) => query.activity(deps, request.ctx, request.params.id),
  });
}
