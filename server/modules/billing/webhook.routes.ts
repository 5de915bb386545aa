import type Stripe from 'stripe';
import { webhookResponse } from '../../../common/contracts/billing';
import { badRequest } from '../../errors';
import { stripeSdk } from '../../lib/stripe-client';
import type { App } from '../../types';
import { handleStripeEvent } from './webhook.service';

const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST /api/stripe/webhook. Its own plugin so the raw-body parser (the signature covers the exact
 * bytes) applies to this route only. Called by Stripe, not by browsers: no session, no CSRF check.
 */
export async function stripeWebhookRoutes(app: App) {
  const deps = app.deps;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post('/stripe/webhook', {
    schema: { operationId: 'stripeWebhook', tags: ['billing'], response: { 200: webhookResponse } },
    handler: async (request) => {
      const secret = deps.env.STRIPE_WEBHOOK_SECRET?.trim();
      if (!secret) throw badRequest('Stripe webhooks are not configured: STRIPE_WEBHOOK_SECRET is not set.');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        throw badRequest('Missing Stripe signature.');
      }
      let event: Stripe.Event;
      try {
        event = (await stripeSdk()).webhooks.constructEvent(
          request.body,
          signature,
          secret,
          undefined,
          undefined,
          deps.clock.now().getTime(),
        );
      } catch {
        throw badRequest('Invalid Stripe signature.');
      }
      return handleStripeEvent(deps, event);
    },
  });
}
