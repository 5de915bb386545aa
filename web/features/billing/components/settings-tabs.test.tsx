// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OrganizationDetail } from '@/lib/organizations/types';
import { organization, organizationDetail, user } from '@/test/fixtures';
import { mockApi, type MockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { restoreMocksAfterEach } from '@/test/restore-mocks';
import type { BillingOverview, TrialStatus } from '@/lib/billing/types';
import { browser } from '@/lib/browser';
import { AccountGate } from './account-gate';
import { BillingTab } from './billing-tab';
import { PlansTab } from './plans-tab';

const plans = {
  checkoutConfigured: true,
  plans: [
    { id: 'starter', monthlyPriceId: null, yearlyPriceId: null },
    { id: 'pro', monthlyPriceId: 'price_pro_m', yearlyPriceId: 'price_pro_y' },
    { id: 'scale', monthlyPriceId: 'price_scale_m', yearlyPriceId: 'price_scale_y' },
  ],
};
const trial = (overrides: Partial<TrialStatus> = {}): TrialStatus => ({
  isTrialActive: false,
  trialDaysRemaining: 0,
  trialPlan: null,
  accountStatus: 'active',
  trialEndsAt: null,
  graceEndsAt: null,
  canStartTrial: true,
  ...overrides,
});
const billing = (overrides: Partial<BillingOverview> = {}): BillingOverview => ({
  subscriptionPlan: 'pro',
  effectivePlan: 'pro',
  accountStatus: 'active',
  hasPaymentMethod: true,
  autoRenewTrial: false,
  isTrialActive: false,
  trialPlan: null,
  trialEndsAt: null,
  stripeConfigured: true,
  portalAvailable: true,
  paymentMethod: { brand: 'visa', last4: '4242', expMonth: 4, expYear: 2030 },
  invoices: [
    {
      id: 'in_1',
      number: 'SW-0001',
      status: 'paid',
      amountDue: 4900,
      amountPaid: 4900,
      currency: 'USD',
      created: '2026-01-01T00:00:00.000Z',
      hostedInvoiceUrl: 'https://invoice.stripe.test/in_1',
      invoicePdf: null,
    },
  ],
  stripeError: null,
  ...overrides,
});

let api: MockApi;
function serve(detail: Partial<OrganizationDetail>, extra: Record<string, unknown> = {}) {
  api = mockApi({
    'GET /api/auth/user': user,
    'GET /api/organizations': [{ ...organization, ...detail }],
    'GET /api/organization': { ...organizationDetail, ...detail },
    'GET /api/trial/status': trial(),
    'GET /api/plans': plans,
    ...extra,
  });
}

const renderTab = (tab: 'plans' | 'billing') =>
  renderRoutes(
    [{ element: <AccountGate />, children: [{ path: '/app/settings/:tab', element: tab === 'plans' ? <PlansTab /> : <BillingTab /> }] }],
    `/app/settings/${tab}`,
  );

restoreMocksAfterEach();

describe('/app/settings/plans', () => {
  it('marks the current plan and switches to yearly prices', async () => {
    serve({});
    renderTab('plans');
    const starter = await screen.findByTestId('plan-card-starter');
    expect(within(starter).getByText('Current plan', { selector: 'span' })).toBeInTheDocument();
    const growth = screen.getByTestId('plan-card-pro');
    expect(within(growth).getByText('$49')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /Yearly/ }));
    expect(within(growth).getByText('$490')).toBeInTheDocument();
    expect(within(screen.getByTestId('plan-card-scale')).getByText('$1,990')).toBeInTheDocument();
  });

  it('upgrades with the yearly price of the chosen period', async () => {
    serve({}, { 'POST /api/stripe/create-checkout-session': { url: 'https://checkout.stripe.test/x' } });
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    renderTab('plans');
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/plans')).toBe(true));
    await userEvent.click(await screen.findByRole('radio', { name: /Yearly/ }));
    await userEvent.click(within(screen.getByTestId('plan-card-scale')).getByRole('button', { name: 'Upgrade to Scale' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.stripe.test/x'));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ planId: 'scale', priceId: 'price_scale_y' });
  });

  it('downgrades a paying organization to Starter after confirming', async () => {
    serve(
      { subscriptionPlan: 'pro', effectivePlan: 'pro', viewPlan: 'pro' },
      { 'POST /api/billing/downgrade': { ...organizationDetail, subscriptionPlan: 'starter' } },
    );
    renderTab('plans');
    const starter = await screen.findByTestId('plan-card-starter');
    await userEvent.click(within(starter).getByRole('button', { name: 'Downgrade to Starter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Downgrade to Starter?' });
    expect(dialog).toHaveTextContent('Your Growth subscription is cancelled.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Downgrade to Starter' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/billing/downgrade')).toBe(true));
    expect(await screen.findByText("You're on the Starter plan")).toBeInTheDocument();
  });

  it('lets only the owner change the plan', async () => {
    serve({ role: 'member' });
    renderTab('plans');
    const growth = await screen.findByTestId('plan-card-pro');
    expect(within(growth).getByRole('button', { name: 'Upgrade to Growth' })).toBeDisabled();
    expect(screen.getByText(/Only the owner can change the plan/)).toBeInTheDocument();
  });
});

describe('/app/settings/billing', () => {
  it('shows the card, invoices and auto-renew, and opens the portal', async () => {
    serve(
      { subscriptionPlan: 'pro', effectivePlan: 'pro', viewPlan: 'pro', hasPaymentMethod: true },
      {
        'GET /api/billing': billing(),
        'POST /api/billing/portal': { url: 'https://billing.stripe.test/p/1' },
        'PATCH /api/organization': { ...organizationDetail, autoRenewTrial: true },
      },
    );
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    renderTab('billing');
    expect(await screen.findByTestId('payment-method')).toHaveTextContent('visa •••• 4242 · expires 04/2030');
    expect(screen.getByText('SW-0001')).toBeInTheDocument();
    expect(screen.getByText('$49.00')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('switch', { name: 'Auto-renew when the trial ends' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ autoRenewTrial: true }),
    );

    await userEvent.click(screen.getByRole('button', { name: /Manage in billing portal/ }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://billing.stripe.test/p/1'));
  });

  it('says when payments are not set up and there are no invoices', async () => {
    serve({}, { 'GET /api/billing': billing({ stripeConfigured: false, portalAvailable: false, paymentMethod: null, hasPaymentMethod: false, invoices: [] }) });
    renderTab('billing');
    expect(await screen.findByText(/Payments are not set up on this server yet/)).toBeInTheDocument();
    expect(screen.getByText('No payment method on file.')).toBeInTheDocument();
    expect(screen.getByText('No invoices yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /billing portal/ })).not.toBeInTheDocument();
  });

  it('is for the owner only', async () => {
    serve({ role: 'admin' });
    renderTab('billing');
    expect(await screen.findByText(/Only the workspace owner can see and change billing/)).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/api/billing')).toBe(false);
  });
});
