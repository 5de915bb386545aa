import { exportAllDataQuery, exportSubscriptionsQuery } from '../../../common/contracts/subscriptions';
import { todayInTimeZone } from '../../../common/dates';
import { guard } from '../../plugins/auth';
import type { App, RequestContext } from '../../types';
import { recordAudit } from '../../lib/audit';
import { listAllSubscriptions } from '../subscriptions';
import { exportEverything } from './data-export';
import { everythingTables } from './data-workbook';
import { sendTables, XLSX_TYPE } from '../../lib/table-export/download';
import { toXlsx } from '../../lib/table-export/xlsx';
import { applicationsTable, withAllocations } from './subscriptions-export';

/**
 * Exports stay available on every plan and in the read-only grace period (spec §2: "export data" is
 * still available), so the data is always the customer's to take.
 */
export async function exportsRoutes(app: App) {
  const deps = app.deps;
  // A file of the organization's data leaves the product: audited like the report exports.
  const recordExport = (ctx: RequestContext, action: string, changes: Record<string, unknown>) =>
    recordAudit(deps.db, ctx, {
      action,
      entityType: 'organization',
      entityId: ctx.orgId,
      changes,
    });

  app.get('/subscriptions/export', {
    schema: {
      operationId: 'exportSubscriptions',
      description: 'The filtered applications list (same filters as GET /subscriptions) as CSV or XLSX.',
      tags: ['exports'],
      querystring: exportSubscriptionsQuery,
    },
    preHandler: guard(),
    handler: async (request, reply) => {
      const items = await withAllocations(
        deps.db,
        request.ctx.orgId,
        await listAllSubscriptions(deps, request.ctx, request.query),
      );
      const stamp = todayInTimeZone(deps.clock.now());
      await recordExport(request.ctx, 'export.applications', {
        format: request.query.format,
        rows: items.length,
      });
      return sendTables(reply, request.query.format, `applications-${stamp}`, [applicationsTable(items)]);
    },
  });

  app.get('/export', {
    schema: {
      operationId: 'exportAllData',
      description: 'Everything of the current organization as one JSON document, or one XLSX workbook.',
      tags: ['exports'],
      querystring: exportAllDataQuery,
    },
    preHandler: guard(),
    handler: async (request, reply) => {
      const stamp = todayInTimeZone(deps.clock.now());
      await recordExport(request.ctx, 'export.all_data', { format: request.query.format });
      if (request.query.format === 'xlsx') {
        return reply
          .header('content-type', XLSX_TYPE)
          .header('content-disposition', `attachment; filename="stackwise-export-${stamp}.xlsx"`)
          .send(await toXlsx(await everythingTables(deps, request.ctx)));
      }
      const document = await exportEverything(deps, request.ctx);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="stackwise-export-${stamp}.json"`)
        .send(JSON.stringify(document, null, 2));
    },
  });
}
