import type Stripe from 'stripe';
import type { z } from 'zod';
import type { checkoutBody } from '../../../common/contracts/billing';
import { PLAN_IDS, PLANS } from '../../../common/plans';
import { AppError, badRequest } from '../../errors';
import { DAY_MS } from '../../lib/clock';
import type { RequestContext, ServiceDeps } from '../../types';
import { diffChanges, recordAudit } from '../../lib/audit';
import { effectivePlanOf, isTrialActive, presentOrganization, updateOrganization } from '../organizations';
import {
  priceIdsOf,
  providerError,
  requireCheckoutSetup,
  stripeClient,
  stripeConfigured,
} from '../../lib/stripe-client';

/** Stripe Checkout only accepts a trial end at least 48 hours ahead. */
const MIN_DEFERRAL_MS = 2 * DAY_MS + 60 * 60 * 1000;

/** GET /api/plans: the plan table with this server's price ids. */
export function listPlans(deps: ServiceDeps) {
  return {
    plans: PLAN_IDS.map((id) => {
      const { monthlyPriceEnv: _m, yearlyPriceEnv: _y, ...plan } = PLANS[id];
      const ids = priceIdsOf(deps.env, id);
      return { ...plan, monthlyPriceId: ids.monthly, yearlyPriceId: ids.yearly };
    }),
    checkoutConfigured: stripeConfigured(deps.env),
  };
}

/**
 * POST /api/stripe/create-checkout-session → `{ url }` of a Stripe Checkout page. Paying for the
 * plan being trialled keeps the trial: Stripe charges when it ends (auto-renew). An organization
 * that already pays is sent to the customer portal to change plans instead of a second subscription.
 */
export async function createCheckoutSession(
  deps: ServiceDeps,
  ctx: RequestContext,
  email: string,
  input: z.infer<typeof checkoutBody>,
) {
  const { stripe, monthly, yearly } = await requireCheckoutSetup(deps.env, input.planId);
  const priceId = input.priceId || monthly;
  if (priceId !== monthly && priceId !== yearly) {
    throw badRequest(`That price does not belong to the ${PLANS[input.planId].name} plan.`);
  }
  const org = ctx.org;
  const now = deps.clock.now();
  const appUrl = deps.env.appOrigin;
  try {
    if (org.stripeCustomerId && org.stripeSubscriptionId && org.accountStatus !== 'trial') {
      const portal = await stripe.billingPortal.sessions.create({
        customer: org.stripeCustomerId,
        return_url: `${appUrl}/app/settings/billing`,
      });
      return { url: portal.url };
    }
    const deferred =
      isTrialActive(org, now) &&
      org.trialPlan === input.planId &&
      org.trialEndsAt !== null &&
      org.trialEndsAt.getTime() - now.getTime() >= MIN_DEFERRAL_MS;
    const metadata = { organizationId: org.id, planId: input.planId, deferred: String(deferred) };
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'subscription',
      line_items: [{ price: priceId, quantity: 1 }],
      client_reference_id: org.id,
      metadata,
      subscription_data: {
        metadata,
        ...(deferred && org.trialEndsAt ? { trial_end: Math.floor(org.trialEndsAt.getTime() / 1000) } : {}),
      },
      allow_promotion_codes: true,
      success_url: `${appUrl}/app/settings/billing?checkout=success`,
      cancel_url: `${appUrl}/app/settings/plans?checkout=cancelled`,
      ...(org.stripeCustomerId ? { customer: org.stripeCustomerId } : { customer_email: email }),
    };
    const session = await stripe.checkout.sessions.create(params);
    if (!session.url) throw badRequest('Stripe did not return a checkout page.');
    // The plan changes when Stripe's webhook confirms it (audited there); this records who started it.
    await recordAudit(deps.db, ctx, {
      action: 'billing.checkout',
      entityType: 'organization',
      entityId: org.id,
      changes: { planId: input.planId, priceId, deferred },
    });
    return { url: session.url };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw providerError(error);
  }
}

/** POST /api/billing/portal → the Stripe customer portal (payment method, invoices, cancel). */
export async function createPortalSession(deps: ServiceDeps, ctx: RequestContext) {
  const stripe = await stripeClient(deps.env);
  if (!stripe) throw badRequest('Payments are not configured on this server.');
  if (!ctx.org.stripeCustomerId)
    throw badRequest('There is no billing account yet: subscribe to a plan first.');
  try {
    const session = await stripe.billingPortal.sessions.create({
      customer: ctx.org.stripeCustomerId,
      return_url: `${deps.env.appOrigin}/app/settings/billing`,
    });
    return { url: session.url };
  } catch (error) {
    throw providerError(error);
  }
}

function cardOf(method: string | Stripe.PaymentMethod | null | undefined) {
  if (!method || typeof method === 'string' || !method.card) return null;
  return {
    brand: method.card.brand,
    last4: method.card.last4,
    expMonth: method.card.exp_month ?? null,
    expYear: method.card.exp_year ?? null,
  };
}

/** GET /api/billing: plan and payment state, with card and invoices from Stripe when configured. */
export async function billingOverview(deps: ServiceDeps, ctx: RequestContext) {
  const org = ctx.org;
  const now = deps.clock.now();
  const stripe = await stripeClient(deps.env);
  const base = {
    subscriptionPlan: org.subscriptionPlan,
    effectivePlan: effectivePlanOf(org, now),
    accountStatus: org.accountStatus,
    hasPaymentMethod: org.hasPaymentMethod,
    autoRenewTrial: org.autoRenewTrial,
    isTrialActive: isTrialActive(org, now),
    trialPlan: org.trialPlan,
    trialEndsAt: org.trialEndsAt,
    stripeConfigured: stripe !== null,
    portalAvailable: stripe !== null && org.stripeCustomerId !== null,
    paymentMethod: null as ReturnType<typeof cardOf>,
    invoices: [] as Array<{
      id: string;
      number: string | null;
      status: string | null;
      amountDue: number;
      amountPaid: number;
      currency: string;
      created: Date;
      hostedInvoiceUrl: string | null;
      invoicePdf: string | null;
    }>,
    stripeError: null as string | null,
  };
  if (!stripe || !org.stripeCustomerId) return base;
  try {
    const [customer, invoices] = await Promise.all([
      stripe.customers.retrieve(org.stripeCustomerId, {
        expand: ['invoice_settings.default_payment_method'],
      }),
      stripe.invoices.list({ customer: org.stripeCustomerId, limit: 24 }),
    ]);
    base.paymentMethod = customer.deleted ? null : cardOf(customer.invoice_settings?.default_payment_method);
    base.invoices = invoices.data.map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      status: invoice.status,
      amountDue: invoice.amount_due,
      amountPaid: invoice.amount_paid,
      currency: invoice.currency.toUpperCase(),
      created: new Date(invoice.created * 1000),
      hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
      invoicePdf: invoice.invoice_pdf ?? null,
    }));
  } catch (error) {
    deps.log.warn({ err: error }, 'Stripe billing overview failed');
    base.stripeError = providerError(error).message;
  }
  return base;
}

/**
 * POST /api/billing/downgrade → Starter: ends a trial or cancels the paid subscription at Stripe.
 * Data over the Starter limits stays readable; adding more is refused by assertWithinLimit.
 */
export async function downgradeToStarter(deps: ServiceDeps, ctx: RequestContext) {
  const org = ctx.org;
  const now = deps.clock.now();
  if (org.subscriptionPlan === 'starter' && org.accountStatus === 'active') {
    throw badRequest('You are already on the Starter plan.');
  }
  const stripe = await stripeClient(deps.env);
  if (stripe && org.stripeSubscriptionId) {
    try {
      await stripe.subscriptions.cancel(org.stripeSubscriptionId);
    } catch (error) {
      const missing = error instanceof Error && 'code' in error && error.code === 'resource_missing';
      if (!missing) throw providerError(error);
    }
  }
  const patch = {
    subscriptionPlan: 'starter' as const,
    accountStatus: 'active' as const,
    graceEndsAt: null,
    autoRenewTrial: false,
    stripeSubscriptionId: null,
  };
  return deps.db.transaction(async (tx) => {
    const updated = await updateOrganization(tx, ctx.orgId, patch, now);
    await recordAudit(tx, ctx, {
      action: 'organization.downgrade',
      entityType: 'organization',
      entityId: ctx.orgId,
      changes: diffChanges(org, patch),
    });
    return presentOrganization(deps, updated!, ctx.role);
  });
}
