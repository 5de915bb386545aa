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
import { UpgradeProvider } from '@/features/billing/components/upgrade-provider';
import { SubscriptionDialog } from './subscription-dialog';

const CATEGORY_ID = '44444444-4444-4444-8444-444444444444';
let api: MockApi;
afterEach(() => vi.unstubAllGlobals());

const slack: CatalogAppEntry = {
  slug: 'slack',
  name: 'Slack',
  vendor: 'Salesforce',
  domain: 'slack.com',
  category: 'Communication',
  description: 'Team chat',
  aliases: [],
  prices: [{ plan: 'Pro', unit: 'user', period: 'month', amountMinor: 875, currency: 'USD' }],
  icon: null,
  initials: 'S',
  logoUrl: null,
};

function serve(extra: Record<string, unknown> = {}) {
  api = mockApi({
    'GET /api/auth/user': user,
    'GET /api/organizations': [organization],
    'GET /api/organization': organizationDetail,
    'GET /api/settings/categories': [{ id: CATEGORY_ID, name: 'Communication' }],
    'GET /api/organization/members': [],
    'GET /api/catalog': { items: [slack] },
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
    // Inside the app, billing's UpgradeProvider opens the upgrade dialog on plan_limit.
    renderWithProviders(
      <UpgradeProvider>
        <SubscriptionDialog open onOpenChange={onOpenChange} />
      </UpgradeProvider>,
    );
    await u.type(await screen.findByLabelText('Name'), 'Tool 16');
    await u.click(screen.getByRole('button', { name: 'Add application' }));
    expect(await screen.findByText(/Upgrade to/)).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
