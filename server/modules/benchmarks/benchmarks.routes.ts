import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  benchmarkSelectionBody,
  benchmarkSelectionResponse,
  benchmarkSettingsSchema,
  catalogBenchmarkQuery,
  catalogBenchmarkResponse,
  groupOffer,
  operatorOffer,
  operatorOfferBody,
  operatorOffersResponse,
  renewalBenchmarksResponse,
  subscriptionBenchmarkResponse,
} from '../../../common/contracts/benchmarks';
import { renewalListQuery } from '../../../common/contracts/renewals';
import { AppError } from '../../errors';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import * as service from './benchmarks.service';
import * as offers from './offers.service';

const idParams = z.object({ id: z.uuid() });
const tags = ['benchmarks'];

/**
 * Benchmarks on every plan (spec §1: Starter benchmarks 3 applications of its choice, Growth every
 * application against list prices, Scale peers and group offers too). Viewers read; members choose
 * Starter's benchmark tools and ask for offers; owners and admins change peer sharing. Reads follow
 * the view plan (grace period), writes the effective plan.
 */
export async function benchmarksRoutes(app: App) {
  const deps = app.deps;
  const read = guard();
  const write = guard({ action: 'data.write' });
  const manage = guard({ action: 'settings.manage' });

  app.get('/benchmarks', {
    schema: {
      operationId: 'getCatalogBenchmark',
      tags,
      querystring: catalogBenchmarkQuery,
      response: { 200: catalogBenchmarkResponse },
    },
    preHandler: read,
    handler: async (request) => service.getCatalogBenchmark(deps, request.ctx, request.query),
  });

  app.get('/benchmarks/renewals', {
    schema: {
      operationId: 'getRenewalBenchmarks',
      tags,
      querystring: renewalListQuery.pick({ window: true }),
      response: { 200: renewalBenchmarksResponse },
    },
    preHandler: read,
    handler: async (request) => service.getRenewalBenchmarks(deps, request.ctx, request.query.window),
  });

  app.get('/benchmarks/settings', {
    schema: { operationId: 'getBenchmarkSettings', tags, response: { 200: benchmarkSettingsSchema } },
    preHandler: read,
    handler: async (request) => service.getSettings(deps, request.ctx),
  });

  app.patch('/benchmarks/settings', {
    schema: {
      operationId: 'updateBenchmarkSettings',
      tags,
      body: benchmarkSettingsSchema,
      response: { 200: benchmarkSettingsSchema },
    },
    preHandler: manage,
    handler: async (request) => service.patchSettings(deps, request.ctx, request.body),
  });

  app.get('/benchmarks/selection', {
    schema: { operationId: 'getBenchmarkSelection', tags, response: { 200: benchmarkSelectionResponse } },
    preHandler: read,
    handler: async (request) => service.getSelection(deps, request.ctx),
  });

  app.put('/benchmarks/selection', {
    schema: {
      operationId: 'putBenchmarkSelection',
      tags,
      body: benchmarkSelectionBody,
      response: { 200: benchmarkSelectionResponse },
    },
    preHandler: write,
    handler: async (request) => service.putSelection(deps, request.ctx, request.body),
  });

  app.post('/benchmarks/offers/:id/request', {
    schema: { operationId: 'requestGroupOffer', tags, params: idParams, response: { 200: groupOffer } },
    preHandler: write,
    handler: async (request) => offers.requestOffer(deps, request.ctx, request.params.id),
  });

  app.get('/benchmarks/:id', {
    schema: {
      operationId: 'getSubscriptionBenchmark',
      tags,
      params: idParams,
      response: { 200: subscriptionBenchmarkResponse },
    },
    preHandler: read,
    handler: async (request) => service.getSubscriptionBenchmark(deps, request.ctx, request.params.id),
  });

  // The operator's endpoints: a bearer OPERATOR_TOKEN; without one configured they do not exist.
  const operator = async (request: FastifyRequest) => {
    const expected = deps.env.OPERATOR_TOKEN;
    if (!expected) throw new AppError('not_found', 'Not found');
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    if (a.length !== b.length || !timingSafeEqual(a, b)) {
      throw new AppError('unauthorized', 'A valid operator token is required.');
    }
  };
  const operatorTags = ['operator'];

  app.get('/operator/offers', {
    schema: {
      operationId: 'listOperatorOffers',
      tags: operatorTags,
      response: { 200: operatorOffersResponse },
    },
    preHandler: operator,
    handler: async () => offers.listOffers(deps),
  });

  app.post('/operator/offers', {
    schema: {
      operationId: 'createOperatorOffer',
      tags: operatorTags,
      body: operatorOfferBody,
      response: { 201: operatorOffer },
    },
    preHandler: operator,
    handler: async (request, reply) => reply.status(201).send(await offers.createOffer(deps, request.body)),
  });

  app.delete('/operator/offers/:id', {
    schema: { operationId: 'deleteOperatorOffer', tags: operatorTags, params: idParams },
    preHandler: operator,
    handler: async (request, reply) => {
      await offers.deleteOffer(deps, request.params.id);
      return reply.status(204).send();
    },
  });
}
