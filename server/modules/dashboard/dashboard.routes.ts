import { dashboardSummaryResponse } from '../../../common/contracts/dashboard';
import { guard } from '../../plugins/auth';
import { sendOrganizationCached } from '../../lib/versioned-cache';
import type { App } from '../../types';
import { dashboardSummary } from './dashboard.service';

export async function dashboardRoutes(app: App) {
  app.get('/dashboard/summary', {
    schema: {
      operationId: 'getDashboardSummary',
      tags: ['dashboard'],
      response: { 200: dashboardSummaryResponse },
    },
    preHandler: guard({ feature: 'dashboard' }),
    handler: async (request, reply) =>
      sendOrganizationCached(reply, app.deps, request.ctx, 'dashboard/summary', () =>
        dashboardSummary(app.deps, request.ctx),
      ),
  });
}
