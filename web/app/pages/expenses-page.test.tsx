// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@common/roles';
import type { MonthlySpend } from '@common/contracts/expenses';
import { SettingsDataProvider } from '@/lib/settings/settings-data-provider';
import { mockApi, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { detail, messageList, summary } from '@/features/invoice-forwarding/test/fixtures';
import {
  applications,
  discovery,
  expense,
  expenseList,
  session,
  unmatched,
} from '@/features/expenses/test/fixtures';
import { ExpensesPage } from './expenses-page';

vi.mock('recharts', async (original) => ({
  ...(await original<object>()),
  ...(await import('@/test/charts')).sizedCharts,
}));

let api: MockApi;
afterEach(() => vi.unstubAllGlobals());

const queue = [unmatched({ id: 'u1', merchantName: 'Loom' }), unmatched({ id: 'u2', merchantName: 'Pret' })];
const monthly = (totals: number[]): MonthlySpend => ({
  currency: 'USD',
  from: '2026-01-01',
  to: `2026-0${totals.length}-${totals.length === 2 ? '28' : '31'}`,
  label: totals.length === 1 ? 'Jan 2026' : `Jan 2026 – ${['', 'Jan', 'Feb', 'Mar'][totals.length]} 2026`,
  unconverted: [],
  months: totals.map((totalMinor, i) => ({
    month: `2026-0${i + 1}`,
    byCategory: totalMinor ? [{ categoryId: null, name: 'Productivity', amountMinor: totalMinor }] : [],
    totalMinor,
  })),
});

function serve(role: Role = 'owner', extra: Record<string, unknown> = {}) {
  api = mockApi({
    ...session(role),
    'GET /api/expenses': ({ url }: { url: URL }) =>
      url.searchParams.get('match') === 'unmatched' ? expenseList(queue) : expenseList([expense()]),
    'GET /api/expenses/monthly': monthly([120_000, 80_050]),
    'GET /api/expenses/discoveries': [discovery()],
    'GET /api/subscriptions': applications([]),
    ...extra,
  });
}

function renderPage(path = '/app/expenses') {
  const u = userEvent.setup();
  const { router } = renderWithProviders(
    <SettingsDataProvider>
      <ExpensesPage />
    </SettingsDataProvider>,
    path,
  );
  return Object.assign(u, { router });
}

describe('/app/expenses', () => {
  it('shows the year’s spend, the ledger, and how many charges wait in each tab', async () => {
    serve();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Expenses' })).toBeInTheDocument();
    expect(
      await screen.findByText(/\$2,000\.50 in the last 12 months \(Jan 2026 – Feb 2026\)/),
    ).toBeInTheDocument();
    const chart = within(screen.getByTestId('spend-chart'));
    expect(chart.getByText('Jan 26')).toBeInTheDocument();
    expect(chart.getByText('Feb 26')).toBeInTheDocument();
    expect(chart.getByText('Productivity')).toBeInTheDocument(); // the legend
    expect(await screen.findByText('SLACK T0123 DUBLIN')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('tab', { name: /Review queue/ })).getByText('2')).toBeInTheDocument(),
    );
    expect(within(screen.getByRole('tab', { name: /Discovered/ })).getByText('1')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/api/expenses?match=unmatched&limit=1')).toBe(true);
  });

  it('switches to the review queue and the discoveries', async () => {
    serve();
    const u = renderPage();
    await u.click(await screen.findByRole('tab', { name: /Review queue/ }));
    expect(await screen.findByText(/2 unmatched expenses/)).toBeInTheDocument();
    expect(screen.getAllByTestId('queue-item')).toHaveLength(2);
    await u.click(screen.getByRole('tab', { name: /Discovered/ }));
    expect(await screen.findByRole('button', { name: 'Add application' })).toBeInTheDocument();
  });

  it('opens the import wizard and the add-expense dialog', async () => {
    serve();
    const u = renderPage();
    await u.click(await screen.findByRole('button', { name: 'Import statement' }));
    expect(await screen.findByRole('dialog', { name: 'Import a statement' })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await u.click(screen.getByRole('button', { name: 'Add expense' }));
    expect(await screen.findByRole('dialog', { name: 'Add expense' })).toBeInTheDocument();
  });

  it('viewers can look but not add, import or match; no spend yet says so', async () => {
    serve('viewer', { 'GET /api/expenses/monthly': monthly([0, 0]) });
    const u = renderPage();
    expect(await screen.findByText('No spend yet')).toBeInTheDocument();
    expect(await screen.findByText('SLACK T0123 DUBLIN')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import statement' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add expense' })).not.toBeInTheDocument();
    await u.click(screen.getByRole('tab', { name: /Review queue/ }));
    expect(await screen.findByText(/2 unmatched expenses/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Match' })).not.toBeInTheDocument();
  });

  it('Invoices: a tab in the URL with the messages to review counted; a decision refreshes the ledger', async () => {
    serve('owner', {
      'GET /api/invoice-forwarding/messages': messageList([summary()]),
      'GET /api/invoice-forwarding/messages/m1': detail(),
      'PATCH /api/invoice-forwarding/messages/m1': { ...detail(), state: 'imported' },
    });
    const u = renderPage();
    const tab = await screen.findByRole('tab', { name: /Invoices/ });
    await waitFor(() => expect(within(tab).getByText('2')).toBeInTheDocument());
    await u.click(tab);
    expect(u.router.state.location.search).toBe('?tab=invoices');
    await u.click(await screen.findByRole('button', { name: 'Your Atlassian invoice AT-2026-0412' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your Atlassian invoice AT-2026-0412' });
    const ledgerReads = () =>
      api.calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/expenses?')).length;
    const applicationReads = () => api.calls.filter((c) => c.path.startsWith('/api/subscriptions')).length;
    const [ledgerBefore, applicationsBefore] = [ledgerReads(), applicationReads()];
    await u.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(ledgerReads()).toBeGreaterThan(ledgerBefore));
    await waitFor(() => expect(applicationReads()).toBeGreaterThan(applicationsBefore));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await u.click(screen.getByRole('tab', { name: /Ledger/ }));
    expect(u.router.state.location.search).toBe('');
  });

  it('opens the Invoices tab from the URL', async () => {
    serve('owner', { 'GET /api/invoice-forwarding/messages': messageList([summary()]) });
    renderPage('/app/expenses?tab=invoices');
    expect(await screen.findByRole('table', { name: 'Received invoices' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Invoices/ })).toHaveAttribute('aria-selected', 'true');
  });
});
