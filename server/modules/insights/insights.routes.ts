import { z } from 'zod';
import {
  insightCommentBody,
  insightComment,
  insightDetailResponse,
  insightExportQuery,
  insightListQuery,
  insightListResponse,
  insightPatchBody,
  insightRefreshResponse,
  insightSettingsPatch,
  insightSettingsResponse,
  insightSummaryResponse,
} from '../../../common/contracts/insights';
import { todayInTimeZone } from '../../../common/dates';
import { sendTables } from '../../lib/table-export/download';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import { recordAudit } from '../../lib/audit';
import * as service from './insights.service';

const idParams = z.object({ id: z.uuid() });
const tags = ['insights'];

/**
 * Insights and Optimize need Growth (spec §6): every route is gated on the 'insights' feature.
 * Viewers read; members and above move opportunities; owners and admins change the thresholds.
 * In the read-only grace period the guard keeps reads (and the export) open and refuses writes.
 */
export async function insightsRoutes(app: App) {
  const deps = app.deps;
  const read = guard({ feature: 'insights' });
  const write = guard({ feature: 'insights', action: 'data.write' });
  const manage = guard({ feature: 'insights', action: 'settings.manage' });

  app.get('/insights', {
    schema: {
      operationId: 'listInsights',
      tags,
      querystring: insightListQuery,
      response: { 200: insightListResponse },
    },
    preHandler: read,
    handler: async (request) => service.listInsights(deps, request.ctx, request.query),
  });

  app.get('/insights/summary', {
    schema: { operationId: 'getInsightSummary', tags, response: { 200: insightSummaryResponse } },
    preHandler: read,
    handler: async (request) => service.insightSummary(deps, request.ctx),
  });

  app.get('/insights/settings', {
    schema: { operationId: 'getInsightSettings', tags, response: { 200: insightSettingsResponse } },
    preHandler: read,
    handler: async (request) => service.getSettings(deps, request.ctx),
  });

  app.patch('/insights/settings', {
    schema: {
      operationId: 'updateInsightSettings',
      tags,
      body: insightSettingsPatch,
      response: { 200: insightSettingsResponse },
    },
    preHandler: manage,
    handler: async (request) => service.patchSettings(deps, request.ctx, request.body),
  });

  app.get('/insights/export', {
    schema: {
      operationId: 'exportInsights',
      description: 'The savings pipeline (every opportunity, any state) as CSV or XLSX.',
      tags,
      querystring: insightExportQuery,
    },
    preHandler: read,
    handler: async (request, reply) => {
      const stamp = todayInTimeZone(deps.clock.now());
      const table = await service.pipelineTable(deps, request.ctx);
      // A file of the organization's data leaves the product: audited like the other exports.
      await recordAudit(deps.db, request.ctx, {
        action: 'insight.export',
        entityType: 'organization',
        entityId: request.ctx.orgId,
        changes: { format: request.query.format, rows: table.cells.length },
      });
      return sendTables(reply, request.query.format, `savings-pipeline-${stamp}`, [table]);
    },
  });

  app.post('/insights/refresh', {
    schema: { operationId: 'refreshInsights', tags, response: { 200: insightRefreshResponse } },
    preHandler: write,
    handler: async (request) => service.refreshInsights(deps, request.ctx),
  });

  app.get('/insights/:id', {
    schema: { operationId: 'getInsight', tags, params: idParams, response: { 200: insightDetailResponse } },
    preHandler: read,
    handler: async (request) => service.getInsight(deps, request.ctx, request.params.id),
  });

  app.patch('/insights/:id', {
    schema: {
      operationId: 'updateInsight',
      tags,
      params: idParams,
      body: insightPatchBody,
      response: { 200: insightDetailResponse },
    },
    preHandler: write,
    handler: async (request) => service.patchInsight(deps, request.ctx, request.params.id, request.body),
  });

  app.post('/insights/:id/comments', {
    schema: {
      operationId: 'addInsightComment',
      tags,
      params: idParams,
      body: insightCommentBody,
      response: { 201: insightComment },
    },
    preHandler: write,
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await service.addComment(deps, request.ctx, request.params.id, request.body.body)),
  });
}
