// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RenewalItem, RenewalList } from '@common/contracts/renewals';
import { organization } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { RenewalsPage } from './renewals-page';

afterEach(() => vi.unstubAllGlobals());

function item(overrides: Partial<RenewalItem>): RenewalItem {
  return {
    subscriptionId: 's1',
    name: 'Slack',
    vendorName: 'Salesforce',
    ownerUserId: 'u1',
    ownerName: 'Maya Chen',
    renewalDate: '2026-03-25',
    cancelByDate: '2026-03-20',
    daysLeft: 15,
    daysToCancelBy: 10,
    noticePeriodDays: 5,
    billingCycle: 'annual',
    intervalMonths: null,
    startDate: null,
    costPerCycleMinor: 120_000,
    annualCostMinor: 120_000,
    currency: 'USD',
    autoRenew: true,
    status: 'upcoming',
    decision: null,
    notes: null,
    urgency: 'medium',
    ...overrides,
  };
}

/** The totals of the next `days` days, all in USD, where what is due equals the annual cost. */
function usdTotal(days: number, count: number, minor: number): RenewalList['totals'][number] {
  return {
    window: days,
    count,
    amounts: [{ currency: 'USD', dueMinor: minor, annualCostMinor: minor }],
    currency: 'USD',
    dueMinor: minor,
    annualCostMinor: minor,
    unconverted: [],
  };
}

const list: RenewalList = {
  today: '2026-03-10',
  window: 365,
  items: [
    item({
      subscriptionId: 's0',
      name: 'Legacy CRM',
      renewalDate: '2026-03-01',
      cancelByDate: '2026-03-01',
      daysLeft: -9,
      daysToCancelBy: -9,
      noticePeriodDays: 0,
      autoRenew: false,
      status: 'overdue',
      urgency: 'overdue',
      ownerUserId: 'u2',
      ownerName: 'Sam Lee',
    }),
    item({}),
    item({
      subscriptionId: 's2',
      name: 'Jira',
      renewalDate: '2026-12-01',
      cancelByDate: '2026-11-01',
      daysLeft: 266,
      daysToCancelBy: 236,
      noticePeriodDays: 30,
      annualCostMinor: 500_000,
      urgency: 'low',
    }),
  ],
  totals: [
    usdTotal(30, 2, 210_000),
    usdTotal(60, 2, 210_000),
    usdTotal(90, 2, 210_000),
    usdTotal(365, 3, 710_000),
  ],
};

function api(extra: Record<string, unknown> = {}) {
  return mockApi({
    'GET /api/organizations': [organization],
    'GET /api/renewals': ({ url }: { url: URL }) =>
      url.searchParams.get('status') === 'overdue'
        ? { ...list, items: list.items.filter((i) => i.status === 'overdue') }
        : list,
    'GET /api/renewals/ical-token': {
      url: 'http://localhost/api/renewals.ics?token=secret-token-123',
      webcalUrl: 'webcal://localhost/api/renewals.ics?token=secret-token-123',
    },
    ...extra,
  });
}

describe('/app/renewals', () => {
  it('lists renewals in the window with cancel-by dates, days left, cost and owner, and totals per window', async () => {
    api();
    renderWithProviders(<RenewalsPage />, '/app/renewals');
    const slack = await screen.findByTestId('renewal-s1');
    expect(within(slack).getByText('Slack')).toBeInTheDocument();
    expect(within(slack).getByTestId('cancel-by')).toHaveTextContent(
      "Mar 20, 20265 days' notice · in 10 days",
    );
    expect(within(slack).getByText('15 days')).toBeInTheDocument();
    expect(within(slack).getByText('$1,200.00')).toBeInTheDocument();
    expect(within(slack).getByText('Maya Chen')).toBeInTheDocument();
    expect(within(slack).getByRole('link', { name: 'Negotiation pack' })).toHaveAttribute(
      'href',
      '/app/renewals/s1/pack',
    );
    expect(within(screen.getByTestId('renewal-s0')).getByText('9 days overdue')).toBeInTheDocument();
    expect(screen.getByTestId('renewing-365')).toHaveTextContent('$7,100.00');
    // The default 90-day window leaves Jira (266 days) out; the 365-day tile brings it in.
    expect(screen.queryByText('Jira')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /Next 365 days/ }));
    expect(await screen.findByText('Jira')).toBeInTheDocument();
  });

  it('"vs benchmark": list difference and peer percentile per row, "—" without one, from one request', async () => {
    const calls = api({
      'GET /api/benchmarks/renewals': {
        items: [
          { subscriptionId: 's1', listDifferencePercent: 18.4, peerPercentile: 82 },
          { subscriptionId: 's0', listDifferencePercent: -5, peerPercentile: null },
        ],
      },
    });
    const u = userEvent.setup();
    renderWithProviders(<RenewalsPage />, '/app/renewals');
    const slack = await screen.findByTestId('renewal-s1');
    await waitFor(() =>
      expect(within(slack).getByTestId('vs-benchmark')).toHaveTextContent(
        '+18% vs list82nd percentile of peers',
      ),
    );
    expect(within(screen.getByTestId('renewal-s0')).getByTestId('vs-benchmark')).toHaveTextContent(
      '−5% vs list',
    );
    await u.click(screen.getByRole('button', { name: /Next 365 days/ }));
    expect(within(await screen.findByTestId('renewal-s2')).getByTestId('vs-benchmark')).toHaveTextContent(
      '—',
    );
    expect(calls.calls.filter((c) => c.path.startsWith('/api/benchmarks')).map((c) => c.path)).toEqual([
      '/api/benchmarks/renewals?window=365',
    ]);
  });

  it('filters by status through the API and records a decision with PATCH', async () => {
    const calls = api({
      'PATCH /api/renewals/s1': { outcome: 'saved', renewal: item({ status: 'reviewing' }) },
    });
    const u = userEvent.setup();
    renderWithProviders(<RenewalsPage />, '/app/renewals');
    await screen.findByTestId('renewal-s1');
    await u.selectOptions(screen.getByLabelText('Decision for Slack'), 'reviewing');
    await waitFor(() =>
      expect(calls.calls).toContainEqual(
        expect.objectContaining({ method: 'PATCH', path: '/api/renewals/s1', body: { status: 'reviewing' } }),
      ),
    );
    await u.selectOptions(screen.getByLabelText('Status'), 'overdue');
    await waitFor(() => expect(screen.queryByTestId('renewal-s1')).not.toBeInTheDocument());
    expect(screen.getByTestId('renewal-s0')).toBeInTheDocument();
    expect(calls.calls.some((c) => c.path === '/api/renewals?window=365&status=overdue')).toBe(true);
  });

  it('saves notes with the current decision', async () => {
    const calls = api({
      'PATCH /api/renewals/s1': { outcome: 'saved', renewal: item({ notes: 'Ask for 10%' }) },
    });
    const u = userEvent.setup();
    renderWithProviders(<RenewalsPage />, '/app/renewals');
    await u.click(await screen.findByRole('button', { name: 'Notes for Slack' }));
    await u.type(screen.getByLabelText('Notes'), 'Ask for 10%');
    await u.click(screen.getByRole('button', { name: 'Save notes' }));
    await waitFor(() =>
      expect(calls.calls).toContainEqual(
        expect.objectContaining({ method: 'PATCH', body: { status: 'upcoming', notes: 'Ask for 10%' } }),
      ),
    );
  });

  it('shows a 12-month timeline with renewals and cancel-by dates', async () => {
    api();
    const u = userEvent.setup();
    renderWithProviders(<RenewalsPage />, '/app/renewals');
    await screen.findByTestId('renewal-s1');
    await u.click(screen.getByRole('tab', { name: '12-month timeline' }));
    const march = await screen.findByTestId('month-2026-03');
    expect(within(march).getByText('Slack')).toBeInTheDocument();
    expect(within(march).getByText('Cancel by: Slack')).toBeInTheDocument();
    expect(within(march).getByText('Legacy CRM')).toBeInTheDocument(); // overdue stays visible
    expect(within(screen.getByTestId('month-2026-11')).getByText('Cancel by: Jira')).toBeInTheDocument();
    expect(within(screen.getByTestId('month-2026-12')).getByText('Jira')).toBeInTheDocument();
    expect(screen.queryByTestId('month-2027-03')).not.toBeInTheDocument();
  });

  it('shows every charge of a monthly tool in the cash view, and only annual renewals in the other', async () => {
    const loom = item({
      subscriptionId: 's3',
      name: 'Loom',
      renewalDate: '2026-03-20',
      cancelByDate: '2026-03-20',
      noticePeriodDays: 0,
      billingCycle: 'monthly',
      costPerCycleMinor: 2_400_00,
      annualCostMinor: 28_800_00,
    });
    api({ 'GET /api/renewals': { ...list, items: [...list.items, loom] } });
    const u = userEvent.setup();
    renderWithProviders(<RenewalsPage />, '/app/renewals');
    await screen.findByTestId('renewal-s1');
    await u.click(screen.getByRole('tab', { name: '12-month timeline' }));
    expect(await screen.findByRole('button', { name: 'Every charge', pressed: true })).toBeInTheDocument();
    // Each month from March 2026 to February 2027 has Loom at its monthly price, never its year.
    for (const month of ['2026-03', '2026-08', '2027-02']) {
      const card = screen.getByTestId(`month-${month}`);
      expect(within(card).getByText('Loom').closest('li')).toHaveTextContent('$2.4K');
      expect(within(card).queryByText('No charges')).not.toBeInTheDocument();
    }
    await u.click(screen.getByRole('button', { name: 'Annual renewals' }));
    expect(screen.getByText(/annual and multi-year renewals only/)).toBeInTheDocument();
    expect(within(screen.getByTestId('month-2026-03')).queryByText('Loom')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('month-2026-12')).getByText('Jira')).toBeInTheDocument();
    expect(within(screen.getByTestId('month-2026-08')).getByText('No annual renewals')).toBeInTheDocument();
  });

  it('offers the iCal link with a copy button; owners can regenerate it', async () => {
    const calls = api({
      'POST /api/renewals/ical-token': {
        url: 'http://localhost/api/renewals.ics?token=new-token-456',
        webcalUrl: 'webcal://localhost/api/renewals.ics?token=new-token-456',
      },
    });
    const u = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderWithProviders(<RenewalsPage />, '/app/renewals');
    const field = await screen.findByLabelText('Calendar feed URL');
    await waitFor(() =>
      expect(field).toHaveValue('http://localhost/api/renewals.ics?token=secret-token-123'),
    );
    await u.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost/api/renewals.ics?token=secret-token-123');
    await u.click(screen.getByRole('button', { name: 'Regenerate' }));
    await u.click(await screen.findByRole('button', { name: 'Regenerate link' }));
    await waitFor(() => expect(field).toHaveValue('http://localhost/api/renewals.ics?token=new-token-456'));
    expect(calls.calls.some((c) => c.method === 'POST' && c.path === '/api/renewals/ical-token')).toBe(true);
  });
});
