// @vitest-environment jsdom
import '@/test/dom';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { organization, organizationDetail, user } from '@/test/fixtures';
import { mockApi, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { application, overview, pool, utilisation } from '../test-fixtures';
import { SubscriptionLicenses } from './subscription-licenses';

let api: MockApi;
afterEach(() => vi.unstubAllGlobals());

function serve(plan: 'starter' | 'pro', body: unknown) {
  api = mockApi({
    'GET /api/auth/user': user,
    'GET /api/organizations': [{ ...organization, subscriptionPlan: plan }],
    'GET /api/organization': {
      ...organizationDetail,
      subscriptionPlan: plan,
      effectivePlan: plan,
      viewPlan: plan,
    },
    'GET /api/licenses': body,
    'GET /api/subscriptions': { items: [] },
    'POST /api/licenses': pool({ tierName: 'Guest' }),
  });
}

describe('application detail: licenses section', () => {
  it("shows the application's tiers with bars and links to their seat holders", async () => {
    const full = pool({ tierName: 'Pro' });
    serve('pro', overview([application(full)]));
    renderWithProviders(<SubscriptionLicenses subscriptionId="app-slack" name="Slack" />);
    expect(await screen.findByRole('link', { name: 'Pro' })).toHaveAttribute(
      'href',
      '/app/licenses?pool=pool-slack',
    );
    expect(screen.getByText('40% used · $720.00 a year on idle seats')).toBeInTheDocument();
    expect(screen.getByText(`Active users (last 30 days): ${full.utilisation.active}`)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/api/licenses?subscriptionId=app-slack')).toBe(true);
  });

  it('warns about a tier with more holders than seats', async () => {
    const over = pool({
      tierName: 'Pro',
      seats: 13,
      utilisation: utilisation({ purchased: 13, assigned: 15, overAssigned: true, overAssignedBy: 2 }),
    });
    serve('pro', overview([application(over)]));
    renderWithProviders(<SubscriptionLicenses subscriptionId="app-slack" name="Slack" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Pro: 15 holders on 13 seats purchased (over-assigned by 2). Buy seats or reclaim them.',
    );
  });

  it('adds a tier to this application', async () => {
    serve('pro', overview([]));
    const u = userEvent.setup();
    renderWithProviders(<SubscriptionLicenses subscriptionId="app-slack" name="Slack" />);
    expect(await screen.findByText('No license pools yet.')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: /Add tier/ }));
    await u.type(await screen.findByLabelText(/^Tier/), 'Guest');
    await u.type(screen.getByLabelText(/^Seats purchased/), '5');
    await u.type(screen.getByLabelText(/^Price per seat/), '2.50');
    await u.click(screen.getByRole('button', { name: 'Add pool' }));
    expect(await screen.findByText('License pool added')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      subscriptionId: 'app-slack',
      tierName: 'Guest',
      seats: 5,
      unitPriceMinor: 250,
      notes: null,
    });
  });

  it('shows the upgrade prompt on Starter', async () => {
    serve('starter', overview([]));
    renderWithProviders(<SubscriptionLicenses subscriptionId="app-slack" name="Slack" />);
    expect(await screen.findByText('Licenses are part of Growth')).toBeInTheDocument();
  });
});
