import { z } from 'zod';
import { errorResponse } from '../../../common/contracts/errors';
import {
  decisionHistoryItem,
  icalTokenResponse,
  renewalItem,
  renewalListQuery,
  renewalListResponse,
  updateDecisionBody,
} from '../../../common/contracts/renewals';
import { notFound } from '../../errors';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import { getIcalUrl, regenerateIcalToken, renderRenewalsFeed } from './ical-feed';
import { findOrganizationByIcalToken } from '../organizations';
import * as service from './renewals.service';

const subscriptionParams = z.object({ subscriptionId: z.uuid() });

export async function renewalsRoutes(app: App) {
  const deps = app.deps;

  app.get('/renewals', {
    schema: {
      operationId: 'listRenewals',
      tags: ['renewals'],
      querystring: renewalListQuery,
      response: { 200: renewalListResponse },
    },
    preHandler: guard({ feature: 'renewals' }),
    handler: async (request) => service.listRenewals(deps, request.ctx, request.query),
  });

  app.patch('/renewals/:subscriptionId', {
    schema: {
      operationId: 'decideRenewal',
      tags: ['renewals'],
      params: subscriptionParams,
      body: updateDecisionBody,
      response: {
        200: z.object({
          outcome: z.enum(['saved', 'not-due', 'rolled', 'cancelled', 'waiting']),
          renewal: renewalItem.nullable(),
        }),
        404: errorResponse,
      },
    },
    preHandler: guard({ feature: 'renewals', action: 'data.write' }),
    handler: async (request) =>
      service.decideRenewal(deps, request.ctx, request.params.subscriptionId, request.body),
  });

  app.get('/renewals/:subscriptionId/history', {
    schema: {
      operationId: 'listRenewalDecisions',
      tags: ['renewals'],
      params: subscriptionParams,
      response: { 200: z.array(decisionHistoryItem) },
    },
    preHandler: guard({ feature: 'renewals' }),
    handler: async (request) => service.decisionHistory(deps, request.ctx, request.params.subscriptionId),
  });

  app.get('/renewals/ical-token', {
    schema: { operationId: 'getRenewalsFeedUrl', tags: ['renewals'], response: { 200: icalTokenResponse } },
    preHandler: guard({ feature: 'renewals' }),
    handler: async (request) => getIcalUrl(deps, request.ctx.orgId),
  });

  app.post('/renewals/ical-token', {
    schema: {
      operationId: 'regenerateRenewalsFeedUrl',
      tags: ['renewals'],
      response: { 200: icalTokenResponse },
    },
    preHandler: guard({ feature: 'renewals', action: 'settings.manage' }),
    handler: async (request) => regenerateIcalToken(deps, request.ctx.orgId),
  });

  // Calendar apps fetch this without a session: the secret token in the URL is the credential.
  app.get('/renewals.ics', {
    // Keep the token out of request logs.
    logLevel: 'warn',
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    schema: {
      operationId: 'renewalsCalendarFeed',
      tags: ['renewals'],
      querystring: z.object({ token: z.string().min(16).max(200) }),
      response: { 200: z.string(), 404: errorResponse },
    },
    handler: async (request, reply) => {
      const org = await findOrganizationByIcalToken(deps.db, request.query.token);
      if (!org) throw notFound('Calendar');
      const body = await renderRenewalsFeed(deps, org);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="stackwise-renewals.ics"')
        .header('cache-control', 'private, max-age=300')
        .send(body);
    },
  });
}
