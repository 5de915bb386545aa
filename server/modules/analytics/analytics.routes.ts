import { z } from 'zod';
import {
  analyticsBudgetsResponse,
  analyticsForecastQuery,
  analyticsForecastResponse,
  analyticsMoversResponse,
  analyticsPivotQuery,
  analyticsPivotResponse,
  analyticsRangeQuery,
  analyticsSpendQuery,
  analyticsSpendResponse,
  analyticsViewResponse,
  createAnalyticsViewBody,
} from '../../../common/contracts/analytics';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import { getBudgetsVsActual } from './budgets-vs-actual.service';
import { nudgeSpendCells } from './cells.job';
import { getForecast } from './forecast.service';
import { getMovers } from './movers.service';
import { getPivot } from './pivot.service';
import { getSpend } from './spend.service';
import { createView, deleteView, listViews } from './views.service';

const tags = ['analytics'];
const idParams = z.object({ id: z.uuid() });

/** Analytics are Growth; pivots, custom ranges, comparisons and saved views are checked for Scale by the services. */
export async function analyticsRoutes(app: App) {
  const deps = app.deps;
  const read = guard({ feature: 'analytics' });
  const write = guard({ feature: 'analytics', action: 'data.write' });
  // An answer read the rollup because the cells were behind: have them caught up (cells.job.ts).
  app.addHook('onResponse', async (request) => {
    if (request.method === 'GET' && request.ctx?.org) {
      await nudgeSpendCells(deps, request.ctx.org.id).catch((err: unknown) =>
        request.log.warn({ err }, 'Could not queue the analytics cells'),
      );
    }
  });

  app.get('/analytics/spend', {
    schema: {
      operationId: 'getAnalyticsSpend',
      tags,
      querystring: analyticsSpendQuery,
      response: { 200: analyticsSpendResponse },
    },
    preHandler: read,
    handler: async (request) => getSpend(deps, request.ctx, request.query),
  });

  app.get('/analytics/pivot', {
    schema: {
      operationId: 'getAnalyticsPivot',
      tags,
      querystring: analyticsPivotQuery,
      response: { 200: analyticsPivotResponse },
    },
    preHandler: read,
    handler: async (request) => getPivot(deps, request.ctx, request.query),
  });

  app.get('/analytics/forecast', {
    schema: {
      operationId: 'getAnalyticsForecast',
      tags,
      querystring: analyticsForecastQuery,
      response: { 200: analyticsForecastResponse },
    },
    preHandler: read,
    handler: async (request) => getForecast(deps, request.ctx, request.query),
  });

  app.get('/analytics/movers', {
    schema: {
      operationId: 'getAnalyticsMovers',
      tags,
      querystring: analyticsRangeQuery,
      response: { 200: analyticsMoversResponse },
    },
    preHandler: read,
    handler: async (request) => getMovers(deps, request.ctx, request.query),
  });

  app.get('/analytics/budgets', {
    schema: {
      operationId: 'getAnalyticsBudgets',
      tags,
      querystring: analyticsRangeQuery,
      response: { 200: analyticsBudgetsResponse },
    },
    preHandler: read,
    handler: async (request) => getBudgetsVsActual(deps, request.ctx, request.query),
  });

  app.get('/analytics/views', {
    schema: {
      operationId: 'listAnalyticsViews',
      tags,
      response: { 200: z.array(analyticsViewResponse) },
    },
    preHandler: read,
    handler: async (request) => listViews(deps, request.ctx),
  });

  app.post('/analytics/views', {
    schema: {
      operationId: 'createAnalyticsView',
      tags,
      body: createAnalyticsViewBody,
      response: { 201: analyticsViewResponse },
    },
    preHandler: write,
    handler: async (request, reply) =>
      reply.status(201).send(await createView(deps, request.ctx, request.body)),
  });

  app.delete('/analytics/views/:id', {
    schema: { operationId: 'deleteAnalyticsView', tags, params: idParams },
    preHandler: write,
    handler: async (request, reply) => {
      await deleteView(deps, request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  });
}
