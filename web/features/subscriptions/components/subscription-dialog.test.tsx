// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogAppEntry } from '@common/contracts/catalog';
import { organization, organizationDetail, user } from '@/test/fixtures';
import { mockApi, reply, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { subscription } from '../test/fixtures';
import { WithUpgradeDialogs } from '@/test/upgrade-dialogs';
import { SubscriptionDialog } from './subscription-dialog';

const CATEGORY_ID = '44444444-4444-4444-8444-444444444444';
const CARD_ID = '55555555-5555-4555-8555-555555555555';
const TAG_ID = '66666666-6666-4666-8666-666666666666';
type CatalogPrice = CatalogAppEntry['prices'][number];
let api: MockApi;
afterEach(() => vi.unstubAllGlobals());

/** A confirmed USD per-user list price, as the catalogue answers it. */
function perUserPrice(plan: string, period: CatalogPrice['period'], amountMinor: number): CatalogPrice {
  return {
    plan,
    unit: 'user',
    period,
    amountMinor,
    currency: 'USD',
    usageUnit: null,
    source: 'https://vendor.example/pricing',
    observedOn: '2026-11-27',
    checkedOn: '2026-11-27',
    stale: false,
    confirmed: true,
  };
}

const slack: CatalogAppEntry = {
  slug: 'slack',
  name: 'Slack',
  vendor: 'Salesforce',
  domain: 'slack.com',
  category: 'Communication',
  description: 'Team chat',
  aliases: [],
  prices: [perUserPrice('Pro', 'month', 875)],
  icon: null,
  initials: 'S',
  logoUrl: null,
};
const monday: CatalogAppEntry = {
  ...slack,
  slug: 'monday',
  name: 'monday.com',
  vendor: 'monday.com',
  domain: 'monday.com',
  category: 'Project Management',
  prices: [perUserPrice('Basic', 'month', 1200), perUserPrice('Basic', 'year', 10800)],
};

function serve(extra: Record<string, unknown> = {}) {
  api = mockApi({
    'GET /api/auth/user': user,
    'GET /api/organizations': [organization],
    'GET /api/organization': organizationDetail,
    'GET /api/settings/categories': [{ id: CATEGORY_ID, name: 'Communication' }],
    'GET /api/settings/payment-methods': [{ id: CARD_ID, name: 'Amex corporate' }],
    'GET /api/settings/tags': [
      { id: TAG_ID, name: 'Critical' },
      { id: '77777777-7777-4777-8777-777777777777', name: 'Review' },
    ],
    'GET /api/organization/members': [],
    'GET /api/catalog': { items: [slack, monday] },
    'POST /api/subscriptions': subscription(),
    ...extra,
  });
}
const posts = () => api.calls.filter((c) => c.method === 'POST' && c.path === '/api/subscriptions');

describe('SubscriptionDialog', () => {
  it('shows the contract’s messages and sends nothing when the form is invalid', async () => {
    serve();
    const u = userEvent.setup();
    renderWithProviders(<SubscriptionDialog open onOpenChange={() => {}} />);
    await u.click(await screen.findByRole('button', { name: 'Add application' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();

    await u.type(screen.getByLabelText('Name'), 'Linear');
    await u.selectOptions(screen.getByLabelText('Pricing'), 'per-seat');
    await u.click(screen.getByRole('button', { name: 'Add application' }));
    expect(await screen.findByText('Per-seat pricing needs a number of seats')).toBeInTheDocument();
    expect(screen.getByText('Per-seat pricing needs a price per seat')).toBeInTheDocument();

    await u.selectOptions(screen.getByLabelText('Pricing'), 'flat');
    await u.type(screen.getByLabelText('Cost per cycle'), 'abc');
    await u.click(screen.getByRole('button', { name: 'Add application' }));
    expect(await screen.findByText('Enter a number, e.g. 12.50')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('pre-fills from the catalogue and creates the application in minor units', async () => {
    serve();
    const onOpenChange = vi.fn();
    const u = userEvent.setup();
    renderWithProviders(<SubscriptionDialog open onOpenChange={onOpenChange} />);
    await u.type(await screen.findByLabelText('Search the catalogue'), 'slak');
    await u.click(await screen.findByRole('button', { name: /Slack/ }));
    expect(screen.getByLabelText('Name')).toHaveValue('Slack');
    expect(screen.getByLabelText('Vendor')).toHaveValue('Salesforce');
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue(CATEGORY_ID));
    expect(screen.getByLabelText('Price per seat')).toHaveValue('8.75');
    await u.clear(screen.getByLabelText('Seats'));
    await u.type(screen.getByLabelText('Seats'), '12');
    await u.click(screen.getByRole('button', { name: 'Add application' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toMatchObject({
      name: 'Slack',
      vendorName: 'Salesforce',
      catalogSlug: 'slack',
      categoryId: CATEGORY_ID,
      pricingModel: 'per-seat',
      billingCycle: 'monthly',
      unitPriceMinor: 875,
      seats: 12,
    });
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('prices a catalogue pick per seat for the cycle chosen, until the user types a price', async () => {
    serve();
    const u = userEvent.setup();
    renderWithProviders(<SubscriptionDialog open onOpenChange={() => {}} />);
    await u.type(await screen.findByLabelText('Search the catalogue'), 'monday');
    await u.click(await screen.findByRole('button', { name: /monday\.com/ }));
    expect(screen.getByLabelText('Price per seat')).toHaveValue('12.00');
    await u.clear(screen.getByLabelText('Seats'));
    await u.type(screen.getByLabelText('Seats'), '40');
    await u.selectOptions(screen.getByLabelText('Billing cycle'), 'annual');
    expect(screen.getByLabelText('Price per seat')).toHaveValue('144.00');
    expect(screen.getByText('40 seats × $144.00 = $5,760.00 a year')).toBeInTheDocument();
    await u.selectOptions(screen.getByLabelText('Billing cycle'), 'quarterly');
    expect(screen.getByLabelText('Price per seat')).toHaveValue('36.00');
    await u.selectOptions(screen.getByLabelText('Billing cycle'), 'annual');
    await u.click(screen.getByRole('button', { name: 'Add application' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toMatchObject({
      catalogSlug: 'monday',
      pricingModel: 'per-seat',
      billingCycle: 'annual',
      unitPriceMinor: 14_400,
      seats: 40,
    });

    // A price the user typed stays as typed when the cycle changes.
    await u.clear(screen.getByLabelText('Price per seat'));
    await u.type(screen.getByLabelText('Price per seat'), '100');
    await u.selectOptions(screen.getByLabelText('Billing cycle'), 'monthly');
    expect(screen.getByLabelText('Price per seat')).toHaveValue('100');
  });

  it('sends the finance fields: department, payment method, tags, start date and contract term', async () => {
    serve();
    const u = userEvent.setup();
    renderWithProviders(<SubscriptionDialog open onOpenChange={() => {}} />);
    await u.type(await screen.findByLabelText('Name'), 'Figma');
    await u.type(screen.getByLabelText('Cost per cycle'), '450');
    await u.type(screen.getByLabelText('Department / cost centre'), 'CC-4100 Design');
    await u.selectOptions(await screen.findByLabelText('Payment method'), 'Amex corporate');
    await u.click(await screen.findByRole('button', { name: 'Critical' }));
    expect(screen.getByRole('button', { name: 'Critical' })).toHaveAttribute('aria-pressed', 'true');
    await u.type(screen.getByLabelText('Start date'), '2026-01-15');
    await u.type(screen.getByLabelText('Contract term (months)'), '12');
    expect(screen.getByText(/^This term runs until /)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Add application' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toMatchObject({
      name: 'Figma',
      amountMinor: 45_000,
      department: 'CC-4100 Design',
      paymentMethodId: CARD_ID,
      tagIds: [TAG_ID],
      startDate: '2026-01-15',
      contractTermMonths: 12,
      nextRenewalDate: null,
    });
  });

  it('rejects a contract term under a month or in part months, and sends nothing', async () => {
    serve();
    const u = userEvent.setup();
    renderWithProviders(<SubscriptionDialog open onOpenChange={() => {}} />);
    await u.type(await screen.findByLabelText('Name'), 'Figma');
    await u.type(screen.getByLabelText('Contract term (months)'), '0');
    await u.click(screen.getByRole('button', { name: 'Add application' }));
    expect(await screen.findByText('At least 1 month')).toBeInTheDocument();
    await u.clear(screen.getByLabelText('Contract term (months)'));
    await u.type(screen.getByLabelText('Contract term (months)'), '1.5');
    await u.click(screen.getByRole('button', { name: 'Add application' }));
    expect(await screen.findByText('Whole months')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('on edit, leaves the renewal date to the server unless it was changed', async () => {
    const existing = subscription({
      ownerUserId: null,
      department: 'Sales',
      tagIds: [TAG_ID],
      contractTermMonths: 24,
    });
    serve({ [`PATCH /api/subscriptions/${existing.id}`]: existing });
    const patches = () => api.calls.filter((c) => c.method === 'PATCH');
    const u = userEvent.setup();
    renderWithProviders(<SubscriptionDialog open onOpenChange={() => {}} subscription={existing} />);
    expect(await screen.findByLabelText('Department / cost centre')).toHaveValue('Sales');
    expect(screen.getByLabelText('Contract term (months)')).toHaveValue('24');
    await u.selectOptions(screen.getByLabelText('Billing cycle'), 'monthly');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0].body).toMatchObject({
      billingCycle: 'monthly',
      tagIds: [TAG_ID],
      contractTermMonths: 24,
    });
    expect(patches()[0].body).not.toHaveProperty('nextRenewalDate');

    await u.clear(screen.getByLabelText('Next renewal'));
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches()[1].body).toMatchObject({ nextRenewalDate: null });
  });

  it('asks for the cancellation date only of a cancelled application, and sends it', async () => {
    const existing = subscription({
      status: 'cancelled',
      cancelledOn: '2026-10-31',
      ownerUserId: null,
      tagIds: [TAG_ID],
    });
    serve({ [`PATCH /api/subscriptions/${existing.id}`]: existing });
    const patches = () => api.calls.filter((c) => c.method === 'PATCH');
    const u = userEvent.setup();
    renderWithProviders(<SubscriptionDialog open onOpenChange={() => {}} subscription={existing} />);
    const field = await screen.findByLabelText('Cancelled on');
    expect(field).toHaveValue('2026-10-31');
    await u.clear(field);
    await u.type(field, '2026-10-15');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0].body).toMatchObject({ status: 'cancelled', cancelledOn: '2026-10-15' });

    // Back to active: no date to ask for, and none sent (the server clears it).
    await u.selectOptions(screen.getByLabelText('Status'), 'active');
    expect(screen.queryByLabelText('Cancelled on')).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches()[1].body).toMatchObject({ status: 'active', cancelledOn: null });
  });

  it('opens the upgrade dialog when the plan limit is reached', async () => {
    serve({
      'POST /api/subscriptions': reply(403, {
        code: 'plan_limit',
        message: 'Starter allows 15 applications',
        requiredPlan: 'pro',
      }),
    });
    const u = userEvent.setup();
    const onOpenChange = vi.fn();
    // Inside the app, the shell's UpgradeProvider opens the upgrade dialog on plan_limit.
    renderWithProviders(
      <WithUpgradeDialogs>
        <SubscriptionDialog open onOpenChange={onOpenChange} />
      </WithUpgradeDialogs>,
    );
    await u.type(await screen.findByLabelText('Name'), 'Tool 16');
    await u.click(screen.getByRole('button', { name: 'Add application' }));
    expect(await screen.findByText(/Upgrade to/)).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
