import { z } from 'zod';
import { ACCOUNT_STATUSES, PAID_PLAN_IDS, PLAN_IDS } from '../plans';
import { instant } from './wire';

export const paidPlanId = z.enum(PAID_PLAN_IDS, 'Choose the Growth (pro) or Scale (scale) plan');

export const startTrialBody = z.object({ planId: paidPlanId });

/** GET /api/trial/status (spec §3), plus when the trial ends and whether one can start. */
export const trialStatusResponse = z.object({
  isTrialActive: z.boolean(),
  trialDaysRemaining: z.number().int(),
  trialPlan: z.enum(PLAN_IDS).nullable(),
  accountStatus: z.enum(ACCOUNT_STATUSES),
  trialEndsAt: instant.nullable(),
  graceEndsAt: instant.nullable(),
  canStartTrial: z.boolean(),
});

/** One plan as GET /api/plans shows it: the table of common/plans.ts plus the configured price ids. */
export const planResponse = z.object({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  price: z.number(),
  priceYearly: z.number(),
  yearlyDiscount: z.number(),
  maxApps: z.number(),
  maxUsers: z.number(),
  maxBrands: z.number(),
  maxEntities: z.number(),
  maxBenchmarkTools: z.number(),
  monthlyPriceId: z.string().nullable(),
  yearlyPriceId: z.string().nullable(),
  features: z.array(z.string()),
  limitations: z.record(z.string(), z.boolean()),
});

export const plansResponse = z.object({
  plans: z.array(planResponse),
  /** False until STRIPE_SECRET_KEY is set: checkout then answers with setup instructions. */
  checkoutConfigured: z.boolean(),
});

export const checkoutBody = z.object({
  planId: paidPlanId,
  /** One of the plan's price ids (monthly or yearly); the monthly one when omitted. */
  priceId: z.string().trim().max(200).nullish(),
});

export const urlResponse = z.object({ url: z.string() });

export const invoiceSummary = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.string().nullable(),
  /** Minor units of `currency` (e.g. cents). */
  amountDue: z.number().int(),
  amountPaid: z.number().int(),
  currency: z.string(),
  created: instant,
  hostedInvoiceUrl: z.string().nullable(),
  invoicePdf: z.string().nullable(),
});

export const paymentMethodSummary = z.object({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
});

export const billingOverview = z.object({
  subscriptionPlan: z.enum(PLAN_IDS),
  effectivePlan: z.enum(PLAN_IDS),
  accountStatus: z.enum(ACCOUNT_STATUSES),
  hasPaymentMethod: z.boolean(),
  autoRenewTrial: z.boolean(),
  isTrialActive: z.boolean(),
  trialPlan: z.enum(PLAN_IDS).nullable(),
  trialEndsAt: instant.nullable(),
  /** Whether Stripe is set up on this server. */
  stripeConfigured: z.boolean(),
  /** Whether the organization has a Stripe customer the portal can open. */
  portalAvailable: z.boolean(),
  paymentMethod: paymentMethodSummary.nullable(),
  invoices: z.array(invoiceSummary),
  /** Set when Stripe could not be reached; the rest of the page still works. */
  stripeError: z.string().nullable(),
});

export const webhookResponse = z.object({ received: z.boolean(), duplicate: z.boolean().optional() });
