import { demoResponse } from '../../../common/contracts/dashboard';
import { errorResponse } from '../../../common/contracts/errors';
import { DEMO_GENERATORS, DEMO_TABLES, generateDemoData } from '../../../scripts/demo/index';
import { todayInTimeZone } from '../../../common/dates';
import { refreshPlannerStats } from '../../db/maintenance';
import { ignoreProgress, replyWithProgress, type OnProgress } from '../../lib/progress-reply';
import { conflict } from '../../errors';
import { guard } from '../../plugins/auth';
import type { App, RequestContext, ServiceDeps } from '../../types';
import { recordAudit } from '../../lib/audit';
import { generateInsights } from '../insights';
import { lockOrganization } from '../organizations';
import { countAllSubscriptions } from '../subscriptions';

/**
 * Fills the current, empty organization with the demo company (owner or admin), reporting each
 * step: the company's parts (phase "company"), then its savings opportunities and invoices.
 */
export async function loadDemoData(
  deps: ServiceDeps,
  ctx: RequestContext,
  onProgress: OnProgress = ignoreProgress,
) {
  const total = DEMO_GENERATORS.length + 2;
  const loaded = await deps.db.transaction(async (tx) => {
    await lockOrganization(tx, ctx.orgId);
    if ((await countAllSubscriptions(tx, ctx.orgId)) > 0) {
      throw conflict(
        'Demo data can only be loaded into an empty workspace; this one already has applications.',
      );
    }
    const result = await generateDemoData(
      tx,
      {
        orgId: ctx.orgId,
        ownerUserId: ctx.userId,
        currency: ctx.org.currency,
        now: deps.clock.now(),
      },
      {},
      (done) => onProgress({ phase: 'company', done, total }),
    );
    await recordAudit(tx, ctx, {
      action: 'demo.load',
      entityType: 'organization',
      entityId: ctx.orgId,
      changes: result,
    });
    return result;
  });
  await refreshPlannerStats(deps.db, DEMO_TABLES);
  // The demo shows its savings opportunities at once, not after tonight's generation. After the
  // commit: generation reads the company as loaded and writes in its own transaction. The company
  // is there either way: a failed generation is logged and tonight's run makes them.
  await onProgress({ phase: 'insights', done: total - 2, total });
  try {
    await generateInsights(deps, ctx.orgId, deps.clock.now());
    await refreshPlannerStats(deps.db, ['insight_opportunities']);
  } catch (error) {
    deps.log.error({ err: error, orgId: ctx.orgId }, 'Could not generate insights for the demo company');
  }
  await onProgress({ phase: 'invoices', done: total - 1, total });
  try {
    // Built with pdfkit and nodemailer's composer: loaded when a demo is loaded, not at boot.
    const { deliverDemoInvoices } = await import('../../../scripts/demo/invoices');
    await deliverDemoInvoices(deps, ctx.orgId, todayInTimeZone(deps.clock.now()));
  } catch (error) {
    deps.log.error({ err: error, orgId: ctx.orgId }, 'Could not deliver the demo company’s invoices');
  }
  // The company's daily work now, not at tonight's slot: renewals that passed roll forward and the
  // renewal and cancel-by alerts exist on day one (a queued job; see scheduler.runToday).
  try {
    await deps.scheduler.runToday(ctx.orgId, 'demo');
  } catch (error) {
    deps.log.error({ err: error, orgId: ctx.orgId }, 'Could not queue the demo company’s daily work');
  }
  return loaded;
}

export async function demoRoutes(app: App) {
  app.post('/demo', {
    schema: {
      operationId: 'loadDemoData',
      description:
        'Fills the current organization (which must have no applications) with a realistic demo company.',
      tags: ['demo'],
      response: { 201: demoResponse, 403: errorResponse, 409: errorResponse },
    },
    preHandler: guard({ action: 'settings.manage' }),
    // With `Accept: application/x-ndjson` the steps stream as they happen (server/lib/progress-reply.ts).
    handler: (request, reply) =>
      replyWithProgress(request, reply, { status: 201, schema: demoResponse }, (onProgress) =>
        loadDemoData(app.deps, request.ctx, onProgress),
      ),
  });
}
