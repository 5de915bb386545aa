import type { RequestContext, ServiceDeps } from '../../types';
import { isTrialActive } from './plan-state';
import { providerError, stripeClient } from '../../lib/stripe-client';

/**
 * Keeps a subscription that Stripe will start charging at trial end in step with the auto-renew
 * switch (PATCH /api/organization): off → Stripe cancels it when the trial ends.
 */
export async function syncAutoRenew(deps: ServiceDeps, ctx: RequestContext, autoRenew: boolean) {
  const stripe = await stripeClient(deps.env);
  if (!stripe || !ctx.org.stripeSubscriptionId || !isTrialActive(ctx.org, deps.clock.now())) return;
  try {
    await stripe.subscriptions.update(ctx.org.stripeSubscriptionId, { cancel_at_period_end: !autoRenew });
  } catch (error) {
    throw providerError(error);
  }
}
