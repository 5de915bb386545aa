import { z } from 'zod';
import {
  brandProfitabilityResponse,
  brandRevenueBody,
  brandRevenueImportResponse,
  brandRevenueResponse,
  brandSummaryResponse,
  profitabilityQuery,
} from '../../../common/contracts/brand-profitability';
import { importPreviewBody } from '../../../common/contracts/imports';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import { getProfitability } from './profitability.service';
import { getRevenue, importRevenue, putRevenue } from './revenue.service';
import { getBrandSummary } from './summary.service';

const idParams = z.object({ id: z.uuid() });
const tags = ['brand-profitability'];

/** Brand revenue and profitability are Scale views: every route is gated on the 'brands' feature. */
export async function brandProfitabilityRoutes(app: App) {
  const deps = app.deps;
  const read = guard({ feature: 'brands' });
  const write = guard({ feature: 'brands', action: 'data.write' });

  app.get('/brand-profitability', {
    schema: {
      operationId: 'getBrandProfitability',
      tags,
      querystring: profitabilityQuery,
      response: { 200: brandProfitabilityResponse },
    },
    preHandler: read,
    handler: async (request) => getProfitability(deps, request.ctx, request.query),
  });

  app.get('/brands/:id/summary', {
    schema: {
      operationId: 'getBrandSummary',
      tags,
      params: idParams,
      response: { 200: brandSummaryResponse },
    },
    preHandler: read,
    handler: async (request) => getBrandSummary(deps, request.ctx, request.params.id),
  });

  app.get('/brands/:id/revenue', {
    schema: {
      operationId: 'getBrandRevenue',
      tags,
      params: idParams,
      response: { 200: brandRevenueResponse },
    },
    preHandler: read,
    handler: async (request) => getRevenue(deps, request.ctx, request.params.id),
  });

  app.put('/brands/:id/revenue', {
    schema: {
      operationId: 'putBrandRevenue',
      tags,
      params: idParams,
      body: brandRevenueBody,
      response: { 200: brandRevenueResponse },
    },
    preHandler: write,
    handler: async (request) => putRevenue(deps, request.ctx, request.params.id, request.body),
  });

  app.post('/brands/revenue/import', {
    schema: {
      operationId: 'importBrandRevenue',
      tags,
      body: importPreviewBody,
      response: { 200: brandRevenueImportResponse },
    },
    preHandler: write,
    handler: async (request) => importRevenue(deps, request.ctx, request.body),
  });
}
