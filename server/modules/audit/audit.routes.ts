import {
  auditExportQuery,
  auditPageResponse,
  auditQuery,
  auditSettingsResponse,
  updateAuditSettingsBody,
} from '../../../common/contracts/audit';
import { todayInTimeZone } from '../../../common/dates';
import { sendTables } from '../../lib/table-export/download';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import { exportAuditLog, getAuditSettings, listAuditLog, updateAuditSettings } from './audit.service';

const tags = ['audit'];

/** The audit log (Scale): owners and admins read, export and set its retention. */
export async function auditRoutes(app: App) {
  const deps = app.deps;
  const manage = guard({ action: 'settings.manage', feature: 'auditLog' });

  app.get('/audit', {
    schema: {
      operationId: 'listAuditEvents',
      description: 'The audit log, newest first; pass `nextCursor` back as `cursor` for older events.',
      tags,
      querystring: auditQuery,
      response: { 200: auditPageResponse },
    },
    preHandler: manage,
    handler: async (request) => listAuditLog(deps, request.ctx, request.query),
  });

  app.get('/audit/export.csv', {
    schema: {
      operationId: 'exportAuditEvents',
      description: 'The filtered audit log (same filters as GET /audit) as CSV.',
      tags,
      querystring: auditExportQuery,
    },
    preHandler: manage,
    handler: async (request, reply) => {
      const table = await exportAuditLog(deps, request.ctx, request.query);
      return sendTables(reply, 'csv', `audit-log-${todayInTimeZone(deps.clock.now())}`, [table]);
    },
  });

  app.get('/audit/settings', {
    schema: { operationId: 'getAuditSettings', tags, response: { 200: auditSettingsResponse } },
    preHandler: manage,
    handler: async (request) => getAuditSettings(deps, request.ctx),
  });

  app.put('/audit/settings', {
    schema: {
      operationId: 'updateAuditSettings',
      tags,
      body: updateAuditSettingsBody,
      response: { 200: auditSettingsResponse },
    },
    preHandler: manage,
    handler: async (request) => updateAuditSettings(deps, request.ctx, request.body),
  });
}
