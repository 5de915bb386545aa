// @vitest-environment jsdom
import '@/test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SettingsDataProvider } from '@/lib/settings/settings-data-provider';
import { mockApi, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { restoreMocksAfterEach } from '@/test/restore-mocks';
import { applications, CARD_ID, expense, expenseList, SLACK_ID, unmatched } from '../test/fixtures';
import { Ledger } from './ledger';

let api: MockApi;
restoreMocksAfterEach();

const slack = expense();
const zoom = expense({
  id: 'e-zoom',
  date: '2026-03-02',
  merchant: 'ZOOM.US 888',
  merchantName: 'Zoom',
  amountMinor: 1499,
  subscriptionName: 'Zoom',
  overExpectedPercent: 25,
});
const lunch = unmatched({
  id: 'e-lunch',
  merchant: 'PRET A MANGER',
  merchantName: 'Pret',
  amountMinor: 5_000,
  currency: 'EUR',
});
const older = expense({
  id: 'e-old',
  date: '2026-01-04',
  merchantName: 'Linear',
  merchant: 'LINEAR.APP',
  matchStatus: 'ignored',
});

/** Two pages by keyset cursor; totals over both, in two currencies. */
function serve(extra: Record<string, unknown> = {}) {
  const totals = [
    { currency: 'USD', amountMinor: 3_999, count: 3 },
    { currency: 'EUR', amountMinor: 5_000, count: 1 },
  ];
  api = mockApi({
    'GET /api/expenses': ({ url }: { url: URL }) =>
      url.searchParams.get('cursor') === 'page-2'
        ? expenseList([older], { total: 4, totals })
        : expenseList([slack, zoom, lunch], { total: 4, totals, nextCursor: 'page-2' }),
    'GET /api/expenses/totals': { total: 4, totals },
    'GET /api/subscriptions': applications([{ id: SLACK_ID, name: 'Slack' }]),
    'GET /api/settings/payment-methods': [{ id: CARD_ID, name: 'Amex Corporate' }],
    ...extra,
  });
}

function renderLedger(canWrite = true) {
  const u = userEvent.setup();
  const { unmount } = renderWithProviders(
    <SettingsDataProvider>
      <Ledger canWrite={canWrite} />
    </SettingsDataProvider>,
  );
  return Object.assign(u, { unmount });
}

/** The query string of the last call to `path` (the page, or the totals). */
const queryOf = (path: string) => {
  const call = api.calls.filter((c) => c.method === 'GET' && c.path.split('?')[0] === path).at(-1);
  return Object.fromEntries(new URL(call!.path, 'http://localhost').searchParams);
};
const lastQuery = () => queryOf('/api/expenses');
const totalsCalls = () => api.calls.filter((c) => c.path.startsWith('/api/expenses/totals')).length;
const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('expense ledger', () => {
  it('names an accounting connector as the source, with the link back to the bill', async () => {
    const bill = expense({
      id: 'e-bill',
      source: 'quickbooks',
      sourceUrl: 'https://app.qbo.intuit.com/app/bill?txnId=42',
    });
    serve({ 'GET /api/expenses': expenseList([bill], { total: 1 }) });
    renderLedger();
    const link = await screen.findByRole('link', { name: 'Open in QuickBooks Online' });
    expect(link).toHaveAttribute('href', 'https://app.qbo.intuit.com/app/bill?txnId=42');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveTextContent('QuickBooks Online');
  });

  it('shows the count and the totals per currency over every page, and each row', async () => {
    serve();
    renderLedger();
    expect(await screen.findByText('4')).toBeInTheDocument();
    expect(screen.getByText('expenses')).toBeInTheDocument();
    const totals = within(screen.getByTestId('ledger-totals'));
    expect(totals.getByText('$39.99')).toBeInTheDocument();
    expect(totals.getByText('€50.00')).toBeInTheDocument();
    expect(lastQuery()).toEqual({ limit: '50', withTotals: 'false' });
    expect(queryOf('/api/expenses/totals')).toEqual({ convert: 'true' });

    const [first, second, third] = rows().map((r) => within(r));
    expect(first.getByText('Mar 4, 2026')).toBeInTheDocument();
    expect(first.getByText('SLACK T0123 DUBLIN')).toBeInTheDocument();
    expect(first.getByText('$12.50')).toBeInTheDocument();
    expect(first.getByText('CSV')).toBeInTheDocument();
    expect(second.getByLabelText('25% above the expected charge')).toBeInTheDocument();
    expect(third.getByText('Unmatched')).toBeInTheDocument();
    expect(third.getByText('€50.00')).toBeInTheDocument();
  });

  it('sends every filter in the query string', async () => {
    serve();
    const u = renderLedger();
    await screen.findByRole('table');
    await u.type(screen.getByLabelText('Search expenses'), 'zoom');
    fireEvent.change(screen.getByLabelText('From date'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To date'), { target: { value: '2026-03-31' } });
    await u.selectOptions(screen.getByLabelText('Match status'), 'unmatched');
    await u.selectOptions(screen.getByLabelText('Source'), 'csv');
    await u.selectOptions(await screen.findByLabelText('Payment method'), CARD_ID);
    await waitFor(() => expect(screen.getByRole('option', { name: 'Slack' })).toBeInTheDocument());
    await u.selectOptions(screen.getByLabelText('Application'), SLACK_ID);
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        q: 'zoom',
        from: '2026-01-01',
        to: '2026-03-31',
        match: 'unmatched',
        source: 'csv',
        paymentMethodId: CARD_ID,
        subscriptionId: SLACK_ID,
        limit: '50',
        withTotals: 'false',
      }),
    );
    await waitFor(() =>
      expect(queryOf('/api/expenses/totals')).toEqual({
        convert: 'true',
        q: 'zoom',
        from: '2026-01-01',
        to: '2026-03-31',
        match: 'unmatched',
        source: 'csv',
        paymentMethodId: CARD_ID,
        subscriptionId: SLACK_ID,
      }),
    );
    await u.selectOptions(screen.getByLabelText('Match status'), '');
    await u.clear(screen.getByLabelText('Search expenses'));
    await waitFor(() => expect(lastQuery()).not.toHaveProperty('match'));
    expect(lastQuery()).not.toHaveProperty('q');
  });

  it('pages by cursor, back and forth; a filter change starts again at page 1', async () => {
    serve();
    const u = renderLedger();
    await screen.findByRole('table');
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await u.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(lastQuery()).toEqual({ limit: '50', cursor: 'page-2', withTotals: 'false' });
    // Paging reads the totals once: they depend on the filters, not the page.
    expect(totalsCalls()).toBe(1);
    expect(screen.getByTestId('ledger-totals')).toHaveTextContent('$39.99');
    expect(within(rows()[0]).getByText('Ignored')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await u.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    await u.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    await u.selectOptions(screen.getByLabelText('Source'), 'ofx');
    expect(await screen.findByText('Page 1')).toBeInTheDocument();
    await waitFor(() => expect(lastQuery()).toEqual({ source: 'ofx', limit: '50', withTotals: 'false' }));
    await waitFor(() => expect(queryOf('/api/expenses/totals')).toEqual({ convert: 'true', source: 'ofx' }));
  });

  it('row actions: send an unmatched charge to ignored, delete after confirming', async () => {
    serve({ 'POST /api/expenses/e-lunch/ignore': lunch, 'DELETE /api/expenses/e-zoom': undefined });
    const u = renderLedger();
    await screen.findByRole('table');
    await u.click(screen.getByRole('button', { name: 'Actions for Pret' }));
    await u.click(await screen.findByRole('menuitem', { name: /Ignore/ }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/expenses/e-lunch/ignore')).toBe(true));

    await u.click(screen.getByRole('button', { name: 'Actions for Zoom' }));
    await u.click(await screen.findByRole('menuitem', { name: /Delete/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this expense?' });
    expect(dialog).toHaveTextContent('Delete the $14.99 charge from Zoom?');
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await u.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Expense deleted')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/expenses/e-zoom')).toBe(true);
  });

  it('says when nothing matches, and viewers get no row actions', async () => {
    api = mockApi({
      'GET /api/expenses': expenseList([]),
      'GET /api/expenses/totals': { total: 0, totals: [] },
      'GET /api/subscriptions': applications([]),
    });
    const { unmount } = renderLedger();
    expect(await screen.findByText('No expenses')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    unmount();
    serve();
    renderLedger(false);
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
  });
});
