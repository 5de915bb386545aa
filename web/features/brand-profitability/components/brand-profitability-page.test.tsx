// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BrandProfitabilityResponse } from '@common/contracts/brand-profitability';
import { session } from '@/features/expenses/test/fixtures';
import { mockApi, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { restoreMocksAfterEach } from '@/test/restore-mocks';
import { BrandProfitabilityPage } from './brand-profitability-page';

vi.mock('recharts', async (original) => ({
  ...(await original<object>()),
  ...(await import('@/test/charts')).sizedCharts,
}));

let api: MockApi;
restoreMocksAfterEach();

const months = (spend: number[], revenue: Array<number | null>) =>
  spend.map((spendMinor, i) => ({
    month: `2026-0${i + 1}`,
    spendMinor,
    revenueMinor: revenue[i]!,
    costPercent: revenue[i] ? (spendMinor / revenue[i]!) * 100 : null,
  }));
const report: BrandProfitabilityResponse = {
  currency: 'USD',
  from: '2026-01',
  to: '2026-06',
  brands: [
    {
      brandId: 'b1',
      name: 'Alpha',
      color: '#112233',
      revenueMinor: 600_000,
      spendMinor: 90_000,
      costPercent: 15,
      people: 3,
      costPerEmployeeMinor: 30_000,
      spendOutgrowingRevenue: true,
      months: months(
        [10_000, 10_000, 10_000, 20_000, 20_000, 20_000],
        [100_000, 100_000, 100_000, 100_000, 100_000, 100_000],
      ),
      topApplications: [
        {
          subscriptionId: 's1',
          name: 'Slack',
          spendMinor: 60_000,
          activeUsers: 2,
          costPerActiveUserMinor: 30_000,
        },
      ],
    },
  ],
  unconverted: [
    { currency: 'GBP', amountMinor: 2000, count: 1, where: [{ brandId: 'b1', months: ['2026-03'] }] },
  ],
  unconvertedRevenue: [],
  rateWarnings: ['No GBP→USD rate for Alpha in Mar 2026: its charges in GBP are left out of its spend.'],
};

describe('/app/brand-profitability', () => {
  it('shows each brand with its figures, the outgrowing badge and the missing-rate notice; the period is URL state', async () => {
    api = mockApi({ ...session('owner', 'scale'), 'GET /api/brand-profitability': report });
    renderWithProviders(<BrandProfitabilityPage />, '/app/brand-profitability?from=2026-01&to=2026-06');
    expect(await screen.findByText('Cost outgrowing revenue')).toBeInTheDocument();
    expect(screen.getAllByText('$900.00').length).toBeGreaterThan(0);
    expect(screen.getAllByText('15.00 %').length).toBeGreaterThan(0);
    // The warning names the pair, the brand and the month, and what is left out.
    expect(screen.getByRole('status')).toHaveTextContent('No GBP→USD rate for Alpha in Mar 2026');
    expect(screen.getByRole('status')).toHaveTextContent('£20.00 in 1 charges');
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === '/api/brand-profitability?from=2026-01&to=2026-06')).toBe(true),
    );
  });

  it('shows "—" for a brand with no revenue entered, not $0.00', async () => {
    const alpha = report.brands[0]!;
    const noRevenue = {
      ...alpha,
      brandId: 'b2',
      name: 'Beta',
      revenueMinor: 0,
      costPercent: null,
      spendOutgrowingRevenue: false,
      months: months([5_000, 5_000, 5_000, 5_000, 5_000, 5_000], [null, null, null, null, null, null]),
    };
    api = mockApi({
      ...session('owner', 'scale'),
      'GET /api/brand-profitability': { ...report, brands: [noRevenue], unconverted: [], rateWarnings: [] },
    });
    renderWithProviders(<BrandProfitabilityPage />, '/app/brand-profitability');
    const card = await screen.findByTestId('brand-card');
    expect(within(card).getByText('Revenue').nextSibling).toHaveTextContent('—');
    expect(within(card).queryByText('$0.00')).not.toBeInTheDocument();
  });
});
