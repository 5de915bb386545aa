// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session as insightsSession, summary as insightsSummary } from '@/features/insights/test/fixtures';
import { organization, user } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { DashboardPage } from './dashboard-page';

afterEach(() => vi.unstubAllGlobals());

/** The summary's spend converted into its currency: nothing here lacks a rate. */
const converted = (currency: string, monthly: number, annual: number) => ({
  monthly: { currency, amountMinor: monthly, unconverted: [] },
  annual: { currency, amountMinor: annual, unconverted: [] },
});

describe('dashboard', () => {
  it('shows honest zeros and an invitation to add applications while the summary endpoint does not exist', async () => {
    mockApi({ 'GET /api/auth/user': user, 'GET /api/organizations': [organization] });
    renderWithProviders(<DashboardPage />, '/app');
    expect(await screen.findByText('No applications tracked yet')).toBeInTheDocument();
    expect(screen.getByTestId('stat-Applications')).toHaveTextContent('0');
    expect(screen.getByTestId('stat-Monthly spend')).toHaveTextContent('$0.00');
    expect(screen.getByTestId('stat-Upcoming renewals')).toHaveTextContent('0');
    expect(screen.getByRole('link', { name: /Add your first application/ })).toHaveAttribute(
      'href',
      '/app/subscriptions',
    );
  });

  it('shows the figures from /api/dashboard/summary in the organization currency, en-US', async () => {
    mockApi({
      'GET /api/auth/user': user,
      'GET /api/organizations': [{ ...organization, currency: 'EUR' }],
      'GET /api/dashboard/summary': {
        applications: 42,
        monthlySpendMinor: 1234567,
        annualSpendMinor: 14_814_801, // the stored yearly costs' sum, not monthly × 12 (14,814,804)
        currency: 'EUR',
        converted: converted('EUR', 1234567, 14_814_801),
        upcomingRenewals: 3,
      },
    });
    renderWithProviders(<DashboardPage />, '/app');
    expect(await screen.findByText('€12,345.67')).toBeInTheDocument();
    expect(screen.getByTestId('stat-Applications')).toHaveTextContent('42');
    expect(screen.getByTestId('stat-Annual run rate')).toHaveTextContent('€148,148.01');
    expect(screen.getByTestId('stat-Upcoming renewals')).toHaveTextContent('3');
    expect(screen.queryByText('No applications tracked yet')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /, Maya$/ })).toBeInTheDocument();
  });

  it('converts other currencies and names what has no rate, linking to the rates', async () => {
    const monthly = {
      currency: 'USD',
      amountMinor: 32_000,
      unconverted: [{ currency: 'GBP', amountMinor: 5_000, count: 1 }],
    };
    mockApi({
      'GET /api/auth/user': user,
      'GET /api/organizations': [organization],
      'GET /api/dashboard/summary': {
        applications: 3,
        monthlySpendMinor: 10_000,
        annualSpendMinor: 120_000,
        currency: 'USD',
        converted: { monthly, annual: { ...monthly, amountMinor: 384_000 } },
        upcomingRenewals: 0,
      },
    });
    renderWithProviders(<DashboardPage />, '/app');
    const card = await screen.findByTestId('stat-Monthly spend');
    await waitFor(() => expect(card).toHaveTextContent('$320.00'));
    // The note loads in its own chunk when there is something to name.
    // Each card's note is its own lazy boundary, so wait for both rather than the first.
    await waitFor(() => expect(screen.getAllByText(/No rate for £50\.00/)).toHaveLength(2)); // monthly and annual
    expect(screen.getAllByRole('link', { name: 'add rates' })[0]).toHaveAttribute(
      'href',
      '/app/settings/currencies',
    );
  });

  it('loads the demo company from the empty dashboard and shows its figures', async () => {
    let loaded = false;
    const api = mockApi({
      'GET /api/auth/user': user,
      'GET /api/organizations': [organization],
      'GET /api/dashboard/summary': () => ({
        applications: loaded ? 60 : 0,
        monthlySpendMinor: loaded ? 4_200_000 : 0,
        currency: 'USD',
        converted: converted('USD', loaded ? 4_200_000 : 0, 0),
        upcomingRenewals: loaded ? 4 : 0,
      }),
      'POST /api/demo': () => {
        loaded = true;
        return { applications: 60 };
      },
    });
    const u = userEvent.setup();
    renderWithProviders(<DashboardPage />, '/app');
    await u.click(await screen.findByRole('button', { name: 'Load demo data' }));
    await waitFor(() => expect(screen.getByTestId('stat-Applications')).toHaveTextContent('60'));
    expect((await screen.findAllByText('Demo data loaded')).length).toBeGreaterThan(0);
    expect(screen.getByTestId('stat-Monthly spend')).toHaveTextContent('$42,000.00');
    expect(screen.queryByText('No applications tracked yet')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST' && c.path === '/api/demo')).toHaveLength(1);
  });

  it('lists the next renewals with their dates, cancel-by dates, costs and days left', async () => {
    mockApi({
      'GET /api/auth/user': user,
      'GET /api/organizations': [organization],
      'GET /api/dashboard/summary': {
        applications: 12,
        monthlySpendMinor: 500_000,
        annualSpendMinor: 6_000_000,
        currency: 'USD',
        converted: converted('USD', 500_000, 6_000_000),
        upcomingRenewals: 2,
        renewalsNext30DaysMinor: 1_299_900,
        recurringCharges: 35,
        recurringChargesNext30DaysMinor: 420_000,
        nextRenewals: [
          {
            id: 'sub-1',
            name: 'Figma',
            catalogSlug: 'figma',
            logoUrl: null,
            nextRenewalDate: '2026-12-01',
            daysUntilRenewal: 3,
            cancelByDate: '2026-12-01',
            autoRenew: true,
            costPerCycleMinor: 1_200_000,
            currency: 'USD',
          },
          {
            id: 'sub-2',
            name: 'Miro',
            catalogSlug: null,
            logoUrl: null,
            nextRenewalDate: '2026-12-20',
            daysUntilRenewal: 22,
            cancelByDate: '2026-11-20',
            autoRenew: false,
            costPerCycleMinor: 99_900,
            currency: 'USD',
          },
        ],
      },
    });
    renderWithProviders(<DashboardPage />, '/app');
    const list = await screen.findByRole('list', { name: 'Next renewals' });
    // Contract renewals and monthly charges apart: 35 monthly tools charging again are not "renewals".
    expect(
      screen.getByText('2 annual or multi-year contracts in the next 30 days, $12,999.00 due in those days.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('recurring-charges')).toHaveTextContent(
      'Recurring charges: 35 monthly or other recurring applications, $4,200.00 in those days.',
    );
    expect(screen.getByTestId('stat-Upcoming renewals')).toHaveTextContent('2');
    expect(
      screen.getByText(
        'Annual and multi-year contracts renewing in the next 30 days; 35 monthly and other recurring charges apart',
      ),
    ).toBeInTheDocument();
    const [figma, miro] = within(list).getAllByRole('listitem');
    expect(figma).toHaveTextContent('Dec 1, 2026 · renews automatically');
    expect(figma).toHaveTextContent('$12,000.00');
    expect(figma).toHaveTextContent('in 3 days');
    expect(within(figma).getByRole('link', { name: 'Figma' })).toHaveAttribute(
      'href',
      '/app/subscriptions/sub-1',
    );
    expect(miro).toHaveTextContent('Dec 20, 2026 · cancel by Nov 20, 2026');
    expect(miro).toHaveTextContent('in 22 days');
  });

  it('lists the setup steps still to do', async () => {
    mockApi({ 'GET /api/auth/user': user, 'GET /api/organizations': [organization] });
    renderWithProviders(<DashboardPage />, '/app');
    expect(await screen.findByText('2 of 6 steps done.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a budget' })).toHaveAttribute('href', '/app/budget');
  });

  it('shows the potential savings and the top opportunities on Growth, after the figures', async () => {
    const api = mockApi({
      ...insightsSession('owner', 'pro'),
      'GET /api/dashboard/summary': {
        applications: 12,
        monthlySpendMinor: 500_000,
        currency: 'USD',
        converted: converted('USD', 500_000, 0),
        upcomingRenewals: 0,
      },
      'GET /api/insights/summary': insightsSummary(),
    });
    renderWithProviders(<DashboardPage />, '/app');
    const card = await screen.findByRole('region', { name: 'Potential savings' });
    expect(await within(card).findByTestId('potential-savings')).toHaveTextContent('$576.00 / year');
    expect(within(card).getByText('2 open opportunities')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '4 idle Slack seats' })).toHaveAttribute(
      'href',
      '/app/insights/i1',
    );
    expect(within(card).getByRole('link', { name: /See all insights/ })).toHaveAttribute(
      'href',
      '/app/insights',
    );
    const paths = api.calls.map((c) => c.path);
    expect(paths.indexOf('/api/insights/summary')).toBeGreaterThan(paths.indexOf('/api/dashboard/summary'));
  });

  it('shows no savings card on Starter and does not ask for it', async () => {
    const api = mockApi({
      ...insightsSession('owner', 'starter'),
      'GET /api/dashboard/summary': {
        applications: 12,
        monthlySpendMinor: 500_000,
        currency: 'USD',
        converted: converted('USD', 500_000, 0),
        upcomingRenewals: 0,
      },
    });
    renderWithProviders(<DashboardPage />, '/app');
    expect(await screen.findByTestId('stat-Applications')).toHaveTextContent('12');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('region', { name: 'Potential savings' })).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.path.startsWith('/api/insights'))).toBe(false);
  });
});
