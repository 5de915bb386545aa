import type Stripe from 'stripe';
import { PAID_PLAN_IDS, PLANS, type PaidPlanId, type PlanId } from '../../common/plans';
import type { Env } from '../env';
import { AppError } from '../errors';

const clients = new WeakMap<Env, Stripe>();
// The SDK (19 MiB, 0.4 s to load) comes in with the first Stripe call, not at server start.
let sdk: typeof Stripe | null = null;

/** The Stripe SDK's class (for webhook signatures and clients), loaded once on first use. */
export async function stripeSdk(): Promise<typeof Stripe> {
  sdk ??= (await import('stripe')).default;
  return sdk;
}

const present = (value: string | undefined) => (value && value.trim() ? value.trim() : null);

/** Whether STRIPE_SECRET_KEY is set, i.e. whether stripeClient answers a client. */
export function stripeConfigured(env: Env): boolean {
  return present(env.STRIPE_SECRET_KEY) !== null;
}

/** The Stripe SDK client for this server's env, or null when STRIPE_SECRET_KEY is not set. */
export async function stripeClient(env: Env): Promise<Stripe | null> {
  const key = present(env.STRIPE_SECRET_KEY);
  if (!key) return null;
  let client = clients.get(env);
  if (!client) {
    const Sdk = await stripeSdk();
    client = new Sdk(key, {
      // Host, port and protocol only change to point tests at a local stand-in for api.stripe.com.
      host: present(env.STRIPE_API_HOST) ?? undefined,
      port: env.STRIPE_API_PORT,
      protocol: env.STRIPE_API_PROTOCOL,
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: 'Stackwise' },
    });
    clients.set(env, client);
  }
  return client;
}

/** A plan's monthly and yearly price ids from env (common/plans.ts names the variables). */
export function priceIdsOf(env: Env, plan: PlanId): { monthly: string | null; yearly: string | null } {
  const definition = PLANS[plan];
  return {
    monthly: definition.monthlyPriceEnv ? present(env[definition.monthlyPriceEnv]) : null,
    yearly: definition.yearlyPriceEnv ? present(env[definition.yearlyPriceEnv]) : null,
  };
}

/** The paid plan a Stripe price id belongs to, if it is one of ours. */
export function planOfPrice(env: Env, priceId: string | null | undefined): PaidPlanId | null {
  if (!priceId) return null;
  return (
    PAID_PLAN_IDS.find((plan) => {
      const ids = priceIdsOf(env, plan);
      return ids.monthly === priceId || ids.yearly === priceId;
    }) ?? null
  );
}

/** Steps for the operator, shown under the error when checkout is not set up (spec §8). */
export function setupInstructions(plan: PaidPlanId): string[] {
  const name = PLANS[plan].name;
  const monthly = PLANS[plan].monthlyPriceEnv;
  const yearly = PLANS[plan].yearlyPriceEnv;
  return [
    'Set STRIPE_SECRET_KEY to the secret key from the Stripe dashboard (Developers → API keys).',
    `In the Stripe dashboard (Product catalog → Add product), create the "${name}" product with a recurring monthly price of $${PLANS[plan].price} and a yearly price of $${PLANS[plan].priceYearly}.`,
    `Copy the price ids (price_…) into ${monthly} and ${yearly}, then restart the server.`,
    'Add a webhook endpoint for /api/stripe/webhook and set STRIPE_WEBHOOK_SECRET to its signing secret.',
  ];
}

/** The Stripe client, or a 400 `{ error, setupInstructions }` telling the operator what is missing. */
export async function requireCheckoutSetup(
  env: Env,
  plan: PaidPlanId,
): Promise<{ stripe: Stripe; monthly: string; yearly: string | null }> {
  const stripe = await stripeClient(env);
  const ids = priceIdsOf(env, plan);
  if (!stripe || !ids.monthly) {
    const error = !stripe
      ? 'Payments are not configured yet: STRIPE_SECRET_KEY is not set.'
      : `Payments are not configured for the ${PLANS[plan].name} plan: ${PLANS[plan].monthlyPriceEnv} is not set.`;
    throw new AppError('bad_request', error, { error, setupInstructions: setupInstructions(plan) });
  }
  return { stripe, monthly: ids.monthly, yearly: ids.yearly };
}

/** Any Stripe failure as a clear 502 rather than a generic 500. */
export function providerError(error: unknown): AppError {
  // A Stripe error can only come after a Stripe call, which loaded the SDK.
  const message =
    sdk && error instanceof sdk.errors.StripeError ? error.message : 'The payment provider did not answer.';
  return new AppError('payment_provider_error', `Stripe: ${message}`, { error: `Stripe: ${message}` });
}
