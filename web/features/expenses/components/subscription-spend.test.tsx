// @vitest-environment jsdom
import '@/test/dom';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, reply, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { expense, expenseList, SLACK_ID, spend } from '../test/fixtures';
import { SubscriptionSpend } from './subscription-spend';

vi.mock('recharts', async (original) => ({
  ...(await original<object>()),
  ...(await import('@/test/charts')).sizedCharts,
}));

let api: MockApi;
afterEach(() => vi.unstubAllGlobals());

function serve(extra: Record<string, unknown> = {}) {
  api = mockApi({
    [`GET /api/subscriptions/${SLACK_ID}/spend`]: spend({
      otherCurrencyCharges: 1,
      flagged: [
        {
          expenseId: 'f1',
          date: '2026-02-03',
          amountMinor: 13000,
          overExpectedPercent: 30,
          chargedAfterCancellation: false,
        },
        {
          expenseId: 'f2',
          date: '2026-03-03',
          amountMinor: 10000,
          overExpectedPercent: null,
          chargedAfterCancellation: true,
        },
      ],
    }),
    'GET /api/expenses': expenseList([
      expense(),
      expense({ id: 'e2', date: '2026-02-03', amountMinor: 13000 }),
    ]),
    ...extra,
  });
}

describe('spend of one application', () => {
  it('compares expected and actual per month and lists the flagged charges', async () => {
    serve();
    renderWithProviders(<SubscriptionSpend subscriptionId={SLACK_ID} />);
    expect(
      await screen.findByText(
        'Last 12 months: $230.00 paid against $200.00 expected (1 charges in other currencies not compared).',
      ),
    ).toBeInTheDocument();
    expect(api.calls.map((c) => c.path)).toEqual(
      expect.arrayContaining([
        `/api/subscriptions/${SLACK_ID}/spend?months=12`,
        `/api/expenses?subscriptionId=${SLACK_ID}&limit=10`,
      ]),
    );
    const chart = within(screen.getByTestId('subscription-spend-chart'));
    expect(chart.getByText('Jan 26')).toBeInTheDocument();
    expect(chart.getByText('Feb 26')).toBeInTheDocument();
    expect(screen.getByText('Feb 3, 2026: $130.00 — 30% above the expected charge')).toBeInTheDocument();
    expect(
      screen.getByText('Mar 3, 2026: $100.00 — Still being charged after the application was cancelled'),
    ).toBeInTheDocument();
  });

  it('lists the latest matched charges', async () => {
    serve();
    renderWithProviders(<SubscriptionSpend subscriptionId={SLACK_ID} />);
    expect(await screen.findByText('2 matched charges')).toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[1]).getByText('Feb 3, 2026')).toBeInTheDocument();
    expect(within(rows[1]).getByText('$130.00')).toBeInTheDocument();
  });

  it('says when the spend cannot be loaded', async () => {
    serve({ [`GET /api/subscriptions/${SLACK_ID}/spend`]: reply(500, { message: 'Database unavailable' }) });
    renderWithProviders(<SubscriptionSpend subscriptionId={SLACK_ID} />);
    expect(await screen.findByText('Spend could not be loaded: Database unavailable')).toBeInTheDocument();
  });
});
