import { dashboardSummaryQuery, dashboardSummaryResponse } from '../../../common/contracts/dashboard';
import { guard } from '../../plugins/auth';
import { sendOrganizationCached } from '../../lib/versioned-cache';
import { hasAllocationFilter } from '../entities';
import type { App } from '../../types';
import { dashboardSummary } from './dashboard.service';

export async function dashboardRoutes(app: App) {
  app.get('/dashboard/summary', {
    schema: {
      operationId: 'getDashboardSummary',
      tags: ['dashboard'],
      querystring: dashboardSummaryQuery,
      response: { 200: dashboardSummaryResponse },
    },
    preHandler: guard({ feature: 'dashboard' }),
    handler: async (request, reply) =>
      // Allocation changes do not bump the cache's version: a filtered summary is computed each time.
      hasAllocationFilter(request.query)
        ? dashboardSummary(app.deps, request.ctx, request.query)
        : sendOrganizationCached(reply, app.deps, request.ctx, 'dashboard/summary', () =>
            dashboardSummary(app.deps, request.ctx),
          ),
  });
}
