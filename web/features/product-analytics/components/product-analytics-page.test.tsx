// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActiveUsers, Adoption, LastUse, ProductOverview } from '@common/contracts/product-analytics';
import { session } from '@/test/fixtures';
import { mockApi, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ProductAnalyticsScreen } from './screens';

vi.mock('recharts', async (original) => ({
  ...(await original<object>()),
  ...(await import('@/test/charts')).sizedCharts,
}));

let api: MockApi;
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const app = (overrides: Partial<ProductOverview['applications'][number]>) => ({
  subscriptionId: 's1',
  name: 'Slack',
  purchased: 10,
  assigned: 4,
  active: 2,
  activePct: 50,
  assignedPct: 40,
  usagePct: 20,
  monthlyCostMinor: 8_000,
  costPerActiveMinor: 4_000,
  unusedCostMinor: 6_400,
  hasUsageData: true,
  overAssignedBy: 0,
  ...overrides,
});

const overview: ProductOverview = {
  currency: 'USD',
  inactivityDays: 30,
  applications: [
    app({}),
    app({
      subscriptionId: 's2',
      name: 'Notion',
      purchased: 5,
      assigned: 2,
      active: 0,
      activePct: 0,
      assignedPct: 40,
      usagePct: 0,
      monthlyCostMinor: 5_000,
      costPerActiveMinor: null,
      unusedCostMinor: 5_000,
      hasUsageData: false,
    }),
  ],
  totals: {
    purchased: 15,
    assigned: 6,
    active: 2,
    activePct: 33,
    assignedPct: 40,
    usagePct: 13,
    monthlyCostMinor: 13_000,
    unusedCostMinor: 11_400,
    costPerActiveMinor: 6_500,
  },
  leastUsed: [{ subscriptionId: 's1', name: 'Slack', usagePct: 20 }],
  mostUsed: [{ subscriptionId: 's1', name: 'Slack', usagePct: 20 }],
  noUsageData: [
    { subscriptionId: 's2', name: 'Notion', assigned: 2, hint: 'Notion Settings → Members: export members.' },
  ],
  unconvertedCurrencies: ['EUR'],
};

const points = (active: number[]) =>
  active.map((a, i) => ({ month: `2026-0${i + 1}`, active: a, inactive: 1, unknown: 0 }));
const activeUsers: ActiveUsers = {
  from: '2026-01',
  to: '2026-03',
  interval: 'month',
  firstActivityMonth: '2026-01',
  series: [
    { subscriptionId: null, name: 'All applications', points: points([3, 5, 8]) },
    { subscriptionId: 's1', name: 'Slack', points: points([3, 5, 8]) },
  ],
};
const adoption: Adoption = {
  groupBy: 'department',
  applications: [{ subscriptionId: 's1', name: 'Slack' }],
  groups: [
    {
      name: 'Engineering',
      people: 4,
      licensed: 3,
      active: 2,
      adoptionPct: 50,
      applications: [{ subscriptionId: 's1', holders: 3, active: 2, adoptionPct: 50 }],
    },
  ],
};
const buckets = { '0-7': 1, '8-30': 1, '31-60': 1, '61-90': 0, 'over-90': 0, never: 3 };
const lastUse: LastUse = {
  overall: { total: 6, buckets },
  applications: [{ subscriptionId: 's1', name: 'Slack', total: 6, buckets }],
};

const routes = (data: { overview: ProductOverview }) => ({
  ...session('owner', 'pro'),
  'GET /api/product-analytics/overview': data.overview,
  'GET /api/product-analytics/active-users': activeUsers,
  'GET /api/product-analytics/adoption': adoption,
  'GET /api/product-analytics/last-use': lastUse,
});

describe('/app/product-analytics', () => {
  it('shows the KPIs, the utilisation table, adoption, last use and what to import', async () => {
    api = mockApi(routes({ overview }));
    renderWithProviders(<ProductAnalyticsScreen />, '/app/product-analytics?from=2026-01&to=2026-03');
    const kpis = await screen.findByTestId('kpi-row');
    expect(within(kpis).getByText('15')).toBeInTheDocument();
    expect(within(kpis).getByText('13 %')).toBeInTheDocument();
    expect(within(kpis).getByText('$114.00')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Costs in EUR have no exchange rate into USD');

    // Sorted by the cost of unused seats, most first; each row links to its application.
    const rows = screen.getAllByTestId('utilisation-row');
    expect(within(rows[0]!).getByRole('link', { name: 'Slack' })).toHaveAttribute(
      'href',
      '/app/subscriptions/s1',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Application' }));
    expect(within(screen.getAllByTestId('utilisation-row')[0]!).getByText('Notion')).toBeInTheDocument();

    const noUsage = screen.getByTestId('no-usage-list');
    expect(noUsage).toHaveTextContent('Notion Settings → Members: export members.');
    expect(within(noUsage).getByRole('link', { name: 'Import usage' })).toHaveAttribute(
      'href',
      '/app/licenses?import=usage',
    );

    expect(await screen.findByTestId('adoption-row')).toHaveTextContent('Engineering');
    expect(await screen.findByTestId('last-use-chart')).toBeInTheDocument();
    expect(await screen.findByTestId('active-users-chart')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        api.calls.some((c) => c.path === '/api/product-analytics/active-users?from=2026-01&to=2026-03'),
      ).toBe(true),
    );
  });

  it('shows active users as a table on request', async () => {
    mockApi(routes({ overview }));
    renderWithProviders(<ProductAnalyticsScreen />, '/app/product-analytics');
    await userEvent.click(await screen.findByRole('button', { name: 'Show table' }));
    expect(screen.getByRole('cell', { name: '8' })).toBeInTheDocument();
  });

  it('shows an empty state for an organization without paid seats', async () => {
    const empty: ProductOverview = {
      ...overview,
      applications: [],
      leastUsed: [],
      mostUsed: [],
      noUsageData: [],
      unconvertedCurrencies: [],
    };
    mockApi(routes({ overview: empty }));
    renderWithProviders(<ProductAnalyticsScreen />, '/app/product-analytics');
    expect(await screen.findByText('No paid seats to analyse yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Licenses' })).toHaveAttribute('href', '/app/licenses');
  });

  it('shows the upgrade prompt on Starter', async () => {
    api = mockApi({ ...session('owner', 'starter') });
    renderWithProviders(<ProductAnalyticsScreen />, '/app/product-analytics');
    expect(await screen.findByTestId('upgrade-prompt')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.startsWith('/api/product-analytics'))).toBe(false);
  });
});
