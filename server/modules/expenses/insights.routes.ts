import { z } from 'zod';
import { errorResponse } from '../../../common/contracts/errors';
import {
  acceptDiscoveryBody,
  acceptDiscoveryResponse,
  discoveryResponse,
  spendQuery,
  spendResponse,
} from '../../../common/contracts/expenses';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import { acceptDiscovery, dismissDiscovery, listDiscoveries } from './discovery.service';
import { rematchUnmatched } from './matching.repo';
import { afterExpenseWrites } from './record-expense';
import { subscriptionSpend } from './spend.service';

const tags = ['expenses'];
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse };

/** Discovery of unregistered applications, re-matching, and per-application reconciliation. */
export async function insightRoutes(app: App) {
  const deps = app.deps;
  const write = guard({ action: 'data.write' });

  app.get('/expenses/discoveries', {
    schema: {
      operationId: 'listExpenseDiscoveries',
      description:
        'Recurring unmatched charges proposed as new applications (vendor, cycle, amount pre-filled).',
      tags,
      response: { 200: z.array(discoveryResponse) },
    },
    preHandler: guard(),
    handler: async (request) =>
      (await listDiscoveries(deps, request.ctx)).map((p) => ({ ...p, billingCycle: p.cycle })),
  });

  app.post('/expenses/discoveries/accept', {
    schema: {
      operationId: 'acceptExpenseDiscovery',
      tags,
      body: acceptDiscoveryBody,
      response: { 201: acceptDiscoveryResponse, ...errors },
    },
    preHandler: write,
    handler: async (request, reply) =>
      reply.status(201).send(await acceptDiscovery(deps, request.ctx, request.body)),
  });

  app.post('/expenses/discoveries/dismiss', {
    schema: {
      operationId: 'dismissExpenseDiscovery',
      description: "Not an application: ignores the merchant's unmatched charges.",
      tags,
      body: z.object({ merchantKey: z.string().trim().min(1).max(300) }),
      response: { 200: z.object({ ignored: z.number() }), ...errors },
    },
    preHandler: write,
    handler: async (request) => dismissDiscovery(deps, request.ctx, request.body.merchantKey),
  });

  app.post('/expenses/rematch', {
    schema: {
      operationId: 'rematchExpenses',
      description: 'Runs matching again over unmatched expenses (after adding applications or vendors).',
      tags,
      response: { 200: z.object({ matched: z.number() }), 403: errorResponse },
    },
    preHandler: write,
    handler: async (request) =>
      deps.db.transaction(async (tx) => {
        const ids = await rematchUnmatched(tx, request.ctx.orgId, deps.clock.now());
        await afterExpenseWrites(deps, tx, request.ctx.orgId, ids);
        return { matched: ids.length };
      }),
  });

  app.get('/subscriptions/:id/spend', {
    schema: {
      operationId: 'getSubscriptionSpend',
      description:
        'Expected (from cost, cycle and price history) vs actual matched spend per month, and flagged charges.',
      tags,
      params: z.object({ id: z.uuid() }),
      querystring: spendQuery,
      response: { 200: spendResponse, 404: errorResponse },
    },
    preHandler: guard(),
    handler: async (request) => subscriptionSpend(deps, request.ctx, request.params.id, request.query.months),
  });
}
