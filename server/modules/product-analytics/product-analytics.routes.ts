import {
  activeUsersQuery,
  activeUsersResponse,
  adoptionQuery,
  adoptionResponse,
  lastUseResponse,
  productAnalyticsQuery,
  productOverviewResponse,
} from '../../../common/contracts/product-analytics';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import { getActiveUsers, getAdoption, getLastUse } from './activity.service';
import { getOverview } from './overview.service';

const tags = ['product-analytics'];

/** Adoption and usage of paid applications (Growth): read-only, every role may look. */
export async function productAnalyticsRoutes(app: App) {
  const deps = app.deps;
  const read = guard({ feature: 'productAnalytics' });

  app.get('/product-analytics/overview', {
    schema: {
      operationId: 'getProductAnalyticsOverview',
      tags,
      querystring: productAnalyticsQuery,
      response: { 200: productOverviewResponse },
    },
    preHandler: read,
    handler: async (request) => getOverview(deps, request.ctx, request.query),
  });

  app.get('/product-analytics/active-users', {
    schema: {
      operationId: 'getProductAnalyticsActiveUsers',
      tags,
      querystring: activeUsersQuery,
      response: { 200: activeUsersResponse },
    },
    preHandler: read,
    handler: async (request) => getActiveUsers(deps, request.ctx, request.query),
  });

  app.get('/product-analytics/adoption', {
    schema: {
      operationId: 'getProductAnalyticsAdoption',
      tags,
      querystring: adoptionQuery,
      response: { 200: adoptionResponse },
    },
    preHandler: read,
    handler: async (request) => getAdoption(deps, request.ctx, request.query),
  });

  app.get('/product-analytics/last-use', {
    schema: {
      operationId: 'getProductAnalyticsLastUse',
      tags,
      querystring: productAnalyticsQuery,
      response: { 200: lastUseResponse },
    },
    preHandler: read,
    handler: async (request) => getLastUse(deps, request.ctx, request.query),
  });
}
