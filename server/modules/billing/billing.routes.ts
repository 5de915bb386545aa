import {
  billingOverview as billingOverviewSchema,
  checkoutBody,
  plansResponse,
  startTrialBody,
  trialStatusResponse,
  urlResponse,
} from '../../../common/contracts/billing';
import { errorResponse } from '../../../common/contracts/errors';
import { organizationDetail } from '../../../common/contracts/organizations';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import {
  billingOverview,
  createCheckoutSession,
  createPortalSession,
  downgradeToStarter,
  listPlans,
} from './billing.service';
import { startTrial, trialStatusOf } from './trial.service';

// Plans, trial and billing stay reachable while the account is read-only or locked: they are
// how an organization gets out of that state.
const billing = guard({ action: 'billing.manage', allowWhenLocked: true });

export async function billingRoutes(app: App) {
  const deps = app.deps;

  // Public: the pricing page shows the same table.
  app.get('/plans', {
    schema: { operationId: 'listPlans', tags: ['billing'], response: { 200: plansResponse } },
    handler: async () => listPlans(deps),
  });

  app.get('/trial/status', {
    schema: { operationId: 'getTrialStatus', tags: ['billing'], response: { 200: trialStatusResponse } },
    preHandler: guard({ allowWhenLocked: true, sessionOnly: true }),
    handler: async (request) => trialStatusOf(request.ctx.org, deps.clock.now()),
  });

  app.post('/trial/start', {
    schema: {
      operationId: 'startTrial',
      tags: ['billing'],
      body: startTrialBody,
      response: { 200: trialStatusResponse, 400: errorResponse },
    },
    preHandler: guard({ action: 'organization.update', allowWhenLocked: true }),
    handler: async (request) => startTrial(deps, request.ctx, request.body.planId),
  });

  app.post('/stripe/create-checkout-session', {
    schema: {
      operationId: 'createCheckoutSession',
      tags: ['billing'],
      body: checkoutBody,
      response: { 200: urlResponse, 400: errorResponse },
    },
    preHandler: billing,
    handler: async (request) =>
      createCheckoutSession(deps, request.ctx, request.authState!.user.email, request.body),
  });

  app.get('/billing', {
    schema: { operationId: 'getBilling', tags: ['billing'], response: { 200: billingOverviewSchema } },
    preHandler: billing,
    handler: async (request) => billingOverview(deps, request.ctx),
  });

  app.post('/billing/portal', {
    schema: { operationId: 'createBillingPortalSession', tags: ['billing'], response: { 200: urlResponse } },
    preHandler: billing,
    handler: async (request) => createPortalSession(deps, request.ctx),
  });

  app.post('/billing/downgrade', {
    schema: { operationId: 'downgradeToStarter', tags: ['billing'], response: { 200: organizationDetail } },
    preHandler: billing,
    handler: async (request) => downgradeToStarter(deps, request.ctx),
  });
}
