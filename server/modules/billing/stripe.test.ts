import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, stripeEvents } from '../../db/schema';
import { DAY_MS, fixedClock } from '../../lib/clock';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { api, buildOrgOwner, registerUser, setOrganization } from '../../test/factories';
import { getTestServer, type TestServer } from '../../test/test-server';
import { insertMembership } from '../organizations';

const WEBHOOK_SECRET = 'whsec_test_secret';
const PRICES = {
  STRIPE_PRICE_PRO_MONTHLY: 'price_pro_m',
  STRIPE_PRICE_PRO_YEARLY: 'price_pro_y',
  STRIPE_PRICE_SCALE_MONTHLY: 'price_scale_m',
  STRIPE_PRICE_SCALE_YEARLY: 'price_scale_y',
};
const clock = fixedClock('2026-09-01T12:00:00Z');
let fake: FakeStripe;
let server: TestServer;
const db = () => server.database.db;
const orgRow = async (id: string) =>
  (await db().select().from(organizations).where(eq(organizations.id, id)))[0];

beforeAll(async () => {
  fake = await startFakeStripe({ ...PRICES, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  server = await getTestServer({ clock, env: fake.env });
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

let eventCounter = 0;
function event(type: string, object: Record<string, unknown>, id = `evt_${++eventCounter}_${Date.now()}`) {
  return {
    id,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(clock.now().getTime() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: null,
    data: { object },
  };
}

function deliver(
  payload: unknown,
  options: { secret?: string; timestamp?: number; app?: TestServer['app'] } = {},
) {
  const body = JSON.stringify(payload);
  const header = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: options.timestamp ?? Math.floor(clock.now().getTime() / 1000),
  });
  return (options.app ?? server.app).inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload: body,
  });
}

const checkoutCompleted = (orgId: string, planId: string, extra: Record<string, unknown> = {}) =>
  event('checkout.session.completed', {
    id: `cs_${orgId.slice(0, 8)}`,
    object: 'checkout.session',
    mode: 'subscription',
    payment_status: 'paid',
    client_reference_id: orgId,
    customer: `cus_${orgId.slice(0, 8)}`,
    subscription: `sub_${orgId.slice(0, 8)}`,
    metadata: { organizationId: orgId, planId, deferred: 'false' },
    ...extra,
  });

const subscriptionEvent = (
  type: string,
  orgId: string,
  status: string,
  extra: Record<string, unknown> = {},
) =>
  event(type, {
    id: `sub_${orgId.slice(0, 8)}`,
    object: 'subscription',
    status,
    customer: `cus_${orgId.slice(0, 8)}`,
    cancel_at_period_end: false,
    metadata: { organizationId: orgId, planId: 'pro' },
    items: { object: 'list', data: [{ id: 'si_1', price: { id: 'price_scale_m' } }] },
    ...extra,
  });

describe('without Stripe configured', () => {
  let bare: TestServer;
  let cookie: string;
  beforeAll(async () => {
    bare = await getTestServer({ clock });
    cookie = (await buildOrgOwner(bare.app)).cookie;
  });
  afterAll(() => bare.close());

  it('checkout answers 400 with the error and setup instructions (spec §8)', async () => {
    const response = await api(bare.app, cookie).post('/api/stripe/create-checkout-session', {
      planId: 'pro',
      priceId: '',
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe('Payments are not configured yet: STRIPE_SECRET_KEY is not set.');
    expect(body.message).toBe(body.error);
    expect(body.setupInstructions).toEqual(
      expect.arrayContaining([expect.stringContaining('STRIPE_PRICE_PRO_MONTHLY')]),
    );
  });

  it('plans show no price ids; billing shows Stripe is off; the portal and webhook refuse', async () => {
    const plans = (await bare.app.inject({ url: '/api/plans' })).json();
    expect(plans.checkoutConfigured).toBe(false);
    expect(plans.plans.map((p: { id: string; monthlyPriceId: null }) => [p.id, p.monthlyPriceId])).toEqual([
      ['starter', null],
      ['pro', null],
      ['scale', null],
    ]);
    const billing = (await api(bare.app, cookie).get('/api/billing')).json();
    expect(billing).toMatchObject({ stripeConfigured: false, portalAvailable: false, invoices: [] });
    expect((await api(bare.app, cookie).post('/api/billing/portal')).statusCode).toBe(400);
    expect((await deliver(event('invoice.paid', {}), { app: bare.app })).statusCode).toBe(400);
  });
});

describe('checkout', () => {
  it('a missing price id for the plan answers with setup instructions', async () => {
    const partial = await getTestServer({ clock, env: { STRIPE_SECRET_KEY: 'sk_test_x' } });
    try {
      const owner = await buildOrgOwner(partial.app);
      const response = await api(partial.app, owner.cookie).post('/api/stripe/create-checkout-session', {
        planId: 'scale',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(
        'Payments are not configured for the Scale plan: STRIPE_PRICE_SCALE_MONTHLY is not set.',
      );
      expect(response.json().setupInstructions.length).toBeGreaterThan(0);
    } finally {
      await partial.close();
    }
  });

  it('returns the url of a Checkout session created through the Stripe API', async () => {
    const owner = await buildOrgOwner(server.app);
    const plans = (await server.app.inject({ url: '/api/plans' })).json();
    expect(plans.plans[1]).toMatchObject({
      id: 'pro',
      monthlyPriceId: 'price_pro_m',
      yearlyPriceId: 'price_pro_y',
    });
    const response = await api(server.app, owner.cookie).post('/api/stripe/create-checkout-session', {
      planId: 'pro',
      priceId: 'price_pro_m',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(sent.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_pro_m',
      client_reference_id: owner.orgId,
      customer_email: owner.email,
      'metadata[planId]': 'pro',
      'subscription_data[metadata][organizationId]': owner.orgId,
      success_url: 'http://localhost:3000/app/settings/billing?checkout=success',
    });
    expect(sent.form['subscription_data[trial_end]']).toBeUndefined();
  });

  it('takes the yearly price, defaults to the monthly one, and refuses another plan’s price', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    await client.post('/api/stripe/create-checkout-session', { planId: 'scale', priceId: 'price_scale_y' });
    expect(fake.requests.at(-1)!.form['line_items[0][price]']).toBe('price_scale_y');
    await client.post('/api/stripe/create-checkout-session', { planId: 'scale' });
    expect(fake.requests.at(-1)!.form['line_items[0][price]']).toBe('price_scale_m');
    const count = fake.requests.length;
    const wrong = await client.post('/api/stripe/create-checkout-session', {
      planId: 'scale',
      priceId: 'price_pro_m',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('That price does not belong to the Scale plan.');
    expect(fake.requests).toHaveLength(count);
  });

  it('during a trial of the same plan, Stripe starts charging when the trial ends', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    await client.post('/api/trial/start', { planId: 'pro' });
    await client.post('/api/stripe/create-checkout-session', { planId: 'pro', priceId: 'price_pro_m' });
    const form = fake.requests.at(-1)!.form;
    expect(form['subscription_data[trial_end]']).toBe(String((clock.now().getTime() + 14 * DAY_MS) / 1000));
    expect(form['metadata[deferred]']).toBe('true');
  });

  it('reports a Stripe failure as a 502 with its message', async () => {
    const owner = await buildOrgOwner(server.app);
    fake.failNext(400, 'No such price: price_pro_m');
    const response = await api(server.app, owner.cookie).post('/api/stripe/create-checkout-session', {
      planId: 'pro',
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      code: 'payment_provider_error',
      error: 'Stripe: No such price: price_pro_m',
    });
  });

  it('is for the owner only', async () => {
    const owner = await buildOrgOwner(server.app);
    const admin = await registerUser(server.app);
    await insertMembership(db(), owner.orgId, admin.id, 'admin');
    const client = api(server.app, admin.cookie);
    expect((await client.post('/api/stripe/create-checkout-session', { planId: 'pro' })).statusCode).toBe(
      403,
    );
    expect((await client.get('/api/billing')).statusCode).toBe(403);
    expect((await client.post('/api/billing/portal')).statusCode).toBe(403);
    expect((await client.post('/api/billing/downgrade')).statusCode).toBe(403);
  });
});

describe('webhook', () => {
  it('applies checkout.session.completed: plan, status, payment method, Stripe ids', async () => {
    const owner = await buildOrgOwner(server.app);
    const payload = checkoutCompleted(owner.orgId, 'pro');
    const response = await deliver(payload);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(await orgRow(owner.orgId)).toMatchObject({
      subscriptionPlan: 'pro',
      accountStatus: 'active',
      hasPaymentMethod: true,
      stripeCustomerId: `cus_${owner.orgId.slice(0, 8)}`,
      stripeSubscriptionId: `sub_${owner.orgId.slice(0, 8)}`,
    });
    const [stored] = await db().select().from(stripeEvents).where(eq(stripeEvents.id, payload.id));
    expect(stored).toMatchObject({ type: 'checkout.session.completed', organizationId: owner.orgId });
  });

  it('a replayed event changes nothing', async () => {
    const owner = await buildOrgOwner(server.app);
    const payload = checkoutCompleted(owner.orgId, 'scale');
    expect((await deliver(payload)).statusCode).toBe(200);
    await setOrganization(db(), owner.orgId, { subscriptionPlan: 'starter', hasPaymentMethod: false });
    const replay = await deliver(payload);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await orgRow(owner.orgId)).toMatchObject({ subscriptionPlan: 'starter', hasPaymentMethod: false });
  });

  it.each([
    ['a wrong secret', { secret: 'whsec_other' }],
    ['a stale timestamp', { timestamp: Math.floor(clock.now().getTime() / 1000) - 3600 }],
  ])('refuses %s with 400 and changes nothing', async (_label, options) => {
    const owner = await buildOrgOwner(server.app);
    const payload = checkoutCompleted(owner.orgId, 'pro');
    const response = await deliver(payload, options);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'bad_request', message: 'Invalid Stripe signature.' });
    expect(await orgRow(owner.orgId)).toMatchObject({ subscriptionPlan: 'starter', stripeCustomerId: null });
    expect(await db().select().from(stripeEvents).where(eq(stripeEvents.id, payload.id))).toHaveLength(0);
  });

  it('refuses a missing signature and a tampered body', async () => {
    const owner = await buildOrgOwner(server.app);
    const body = JSON.stringify(checkoutCompleted(owner.orgId, 'pro'));
    const header = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(clock.now().getTime() / 1000),
    });
    const send = (headers: Record<string, string>, payload: string) =>
      server.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers, payload });
    expect((await send({ 'content-type': 'application/json' }, body)).statusCode).toBe(400);
    const tampered = body.replace('"pro"', '"scale"');
    expect(
      (await send({ 'content-type': 'application/json', 'stripe-signature': header }, tampered)).statusCode,
    ).toBe(400);
    expect((await orgRow(owner.orgId)).subscriptionPlan).toBe('starter');
  });

  it('follows the subscription: past_due, paid again, unpaid (locked), deleted (Starter)', async () => {
    const owner = await buildOrgOwner(server.app);
    await deliver(checkoutCompleted(owner.orgId, 'pro'));
    await deliver(subscriptionEvent('customer.subscription.updated', owner.orgId, 'active'));
    expect((await orgRow(owner.orgId)).subscriptionPlan).toBe('scale'); // the price decides

    await deliver(
      event('invoice.payment_failed', {
        id: 'in_f',
        object: 'invoice',
        customer: `cus_${owner.orgId.slice(0, 8)}`,
      }),
    );
    expect((await orgRow(owner.orgId)).accountStatus).toBe('past_due');
    await deliver(
      event('invoice.paid', { id: 'in_p', object: 'invoice', customer: `cus_${owner.orgId.slice(0, 8)}` }),
    );
    expect((await orgRow(owner.orgId)).accountStatus).toBe('active');

    await deliver(subscriptionEvent('customer.subscription.updated', owner.orgId, 'unpaid'));
    expect((await orgRow(owner.orgId)).accountStatus).toBe('locked');
    expect((await api(server.app, owner.cookie).patch('/api/auth/user', {})).statusCode).toBe(200);

    await deliver(subscriptionEvent('customer.subscription.deleted', owner.orgId, 'canceled'));
    expect(await orgRow(owner.orgId)).toMatchObject({
      subscriptionPlan: 'starter',
      accountStatus: 'active',
      stripeSubscriptionId: null,
    });
  });

  it('paying during the trial keeps the trial, turns auto-renew on, and follows the switch', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    await client.post('/api/trial/start', { planId: 'pro' });
    await deliver(
      checkoutCompleted(owner.orgId, 'pro', {
        payment_status: 'no_payment_required',
        metadata: { organizationId: owner.orgId, planId: 'pro', deferred: 'true' },
      }),
    );
    expect(await orgRow(owner.orgId)).toMatchObject({
      accountStatus: 'trial',
      subscriptionPlan: 'starter',
      hasPaymentMethod: true,
      autoRenewTrial: true,
    });
    expect((await client.get('/api/trial/status')).json()).toMatchObject({
      isTrialActive: true,
      trialPlan: 'pro',
    });

    // Turning auto-renew off tells Stripe to cancel at the trial's end.
    const off = await client.patch('/api/organization', { autoRenewTrial: false });
    expect(off.statusCode).toBe(200);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/subscriptions/sub_${owner.orgId.slice(0, 8)}`,
      form: { cancel_at_period_end: 'true' },
    });
    await deliver(
      subscriptionEvent('customer.subscription.updated', owner.orgId, 'trialing', {
        cancel_at_period_end: true,
      }),
    );
    expect((await orgRow(owner.orgId)).autoRenewTrial).toBe(false);
  });

  it('acknowledges events for unknown organizations without changing anything', async () => {
    const response = await deliver(
      event('invoice.paid', { id: 'in_x', object: 'invoice', customer: 'cus_nobody' }),
    );
    expect(response.statusCode).toBe(200);
  });
});

describe('billing overview, portal and downgrade', () => {
  it('shows the card and invoices from Stripe and opens the portal', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    await deliver(checkoutCompleted(owner.orgId, 'pro'));
    const billing = (await client.get('/api/billing')).json();
    expect(billing).toMatchObject({
      subscriptionPlan: 'pro',
      effectivePlan: 'pro',
      hasPaymentMethod: true,
      stripeConfigured: true,
      portalAvailable: true,
      paymentMethod: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
      stripeError: null,
    });
    expect(billing.invoices).toEqual([
      expect.objectContaining({ number: 'SW-0001', amountPaid: 4900, currency: 'USD', status: 'paid' }),
    ]);
    const portal = await client.post('/api/billing/portal');
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    expect(fake.requests.at(-1)!.form).toMatchObject({
      customer: `cus_${owner.orgId.slice(0, 8)}`,
      return_url: 'http://localhost:3000/app/settings/billing',
    });
  });

  it('keeps the page working when Stripe fails', async () => {
    const owner = await buildOrgOwner(server.app);
    await deliver(checkoutCompleted(owner.orgId, 'pro'));
    fake.failNext(400, 'No such customer');
    const billing = await api(server.app, owner.cookie).get('/api/billing');
    expect(billing.statusCode).toBe(200);
    expect(billing.json().stripeError).toContain('Stripe:');
  });

  it('a paying organization changes plans in the portal rather than a second subscription', async () => {
    const owner = await buildOrgOwner(server.app);
    await deliver(checkoutCompleted(owner.orgId, 'pro'));
    const response = await api(server.app, owner.cookie).post('/api/stripe/create-checkout-session', {
      planId: 'scale',
    });
    expect(response.json().url).toMatch(/^https:\/\/billing\.stripe\.test\//);
  });

  it('downgrading cancels the Stripe subscription and moves to Starter', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    await deliver(checkoutCompleted(owner.orgId, 'scale'));
    const response = await client.post('/api/billing/downgrade');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      subscriptionPlan: 'starter',
      accountStatus: 'active',
      effectivePlan: 'starter',
    });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'DELETE',
      path: `/v1/subscriptions/sub_${owner.orgId.slice(0, 8)}`,
    });
    expect(await orgRow(owner.orgId)).toMatchObject({
      stripeSubscriptionId: null,
      subscriptionPlan: 'starter',
    });
    const again = await client.post('/api/billing/downgrade');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('You are already on the Starter plan.');
  });
});
