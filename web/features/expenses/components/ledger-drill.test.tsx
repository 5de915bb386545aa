// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SettingsDataProvider } from '@/lib/settings/settings-data-provider';
import { mockApi, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { restoreMocksAfterEach } from '@/test/restore-mocks';
import { ledgerHref } from '@/lib/ledger-link';
import { applications, expense, expenseList, SLACK_ID } from '../test/fixtures';
import { Ledger } from './ledger';

let api: MockApi;
restoreMocksAfterEach();

const VENDOR_ID = '7a1b2c3d-0000-4000-8000-000000000001';
const OWNER_ID = '7a1b2c3d-0000-4000-8000-000000000002';
const ENTITY_ID = '7a1b2c3d-0000-4000-8000-000000000003';

function serve() {
  api = mockApi({
    'GET /api/expenses': expenseList([expense()], { total: 1, totals: [] }),
    'GET /api/expenses/totals': {
      total: 2,
      totals: [
        { currency: 'USD', amountMinor: 1_250, count: 1 },
        { currency: 'EUR', amountMinor: 1_000, count: 1 },
      ],
      converted: { currency: 'USD', amountMinor: 2_350, unconverted: [] },
    },
    'GET /api/subscriptions': applications([{ id: SLACK_ID, name: 'Slack' }]),
    'GET /api/vendors': [{ id: VENDOR_ID, name: 'Acme Corp' }],
    'GET /api/organization/members': [
      { userId: OWNER_ID, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', role: 'admin' },
    ],
  });
}

const queryOf = (path: string) => {
  const call = api.calls.filter((c) => c.method === 'GET' && c.path.split('?')[0] === path).at(-1);
  return Object.fromEntries(new URL(call!.path, 'http://localhost').searchParams);
};

function renderAt(path: string) {
  const u = userEvent.setup();
  const view = renderWithProviders(
    <SettingsDataProvider>
      <Ledger canWrite />
    </SettingsDataProvider>,
    path,
  );
  return { u, ...view };
}

describe('ledger drill-down from analytics', () => {
  it('builds the ledger address from a drill and a period, with entity and brand as the app-wide filter', () => {
    expect(ledgerHref({ department: 'R&D' }, { from: '2026-01-01', to: '2026-01-31' })).toBe(
      '/app/expenses?department=R%26D&from=2026-01-01&to=2026-01-31',
    );
    expect(ledgerHref({ entityId: ENTITY_ID }, { from: '2026-01-01', to: '2026-03-31' })).toBe(
      `/app/expenses?entity=${ENTITY_ID}&from=2026-01-01&to=2026-03-31`,
    );
  });

  it('applies every drill filter from the URL, shows each as a removable chip and the filtered total', async () => {
    serve();
    const { u, router } = renderAt(
      `/?vendorId=${VENDOR_ID}&department=Engineering&ownerId=${OWNER_ID}&unmatched=true&from=2026-02-01&to=2026-02-28`,
    );
    await waitFor(() =>
      expect(queryOf('/api/expenses/totals')).toEqual({
        convert: 'true',
        vendorId: VENDOR_ID,
        department: 'Engineering',
        ownerId: OWNER_ID,
        unmatched: 'true',
        from: '2026-02-01',
        to: '2026-02-28',
      }),
    );
    expect(screen.getByLabelText('From date')).toHaveValue('2026-02-01');
    expect(screen.getByLabelText('To date')).toHaveValue('2026-02-28');
    const chips = within(screen.getByRole('group', { name: 'Drill-down filters' }));
    expect(await chips.findByText('Vendor: Acme Corp')).toBeInTheDocument();
    expect(await chips.findByText('Owner: Ada Lovelace')).toBeInTheDocument();
    expect(chips.getByText('Department: Engineering')).toBeInTheDocument();
    expect(chips.getByText('No application')).toBeInTheDocument();
    const totals = within(await screen.findByTestId('ledger-totals'));
    expect(totals.getByText('$12.50')).toBeInTheDocument();
    // The sum analytics shows: every currency at its charge's rate, in the organization's currency.
    expect(screen.getByTestId('ledger-converted-total')).toHaveTextContent('= $23.50 in USD');

    await u.click(chips.getByRole('button', { name: 'Remove filter Department: Engineering' }));
    await waitFor(() => expect(queryOf('/api/expenses/totals')).not.toHaveProperty('department'));
    expect(queryOf('/api/expenses')).toMatchObject({ vendorId: VENDOR_ID, unmatched: 'true' });
    expect(router.state.location.search).not.toContain('department');
    expect(screen.queryByText('Department: Engineering')).not.toBeInTheDocument();
  });

  it('shows the "nothing set" groups of analytics as chips', async () => {
    serve();
    renderAt('/?noCategory=true&noOwner=true&noPaymentMethod=true');
    await waitFor(() =>
      expect(queryOf('/api/expenses/totals')).toEqual({
        convert: 'true',
        noCategory: 'true',
        noOwner: 'true',
        noPaymentMethod: 'true',
      }),
    );
    const chips = within(screen.getByRole('group', { name: 'Drill-down filters' }));
    expect(chips.getByText('No category')).toBeInTheDocument();
    expect(chips.getByText('No owner')).toBeInTheDocument();
    expect(chips.getByText('No payment method')).toBeInTheDocument();
  });

  it('opens the analytics "Other" group: every charge outside the groups shown, said in a chip', async () => {
    serve();
    const { u } = renderAt(
      `/?${new URLSearchParams({ exceptBy: 'department', except: 'Engineering\nSales' })}`,
    );
    await waitFor(() =>
      expect(queryOf('/api/expenses/totals')).toEqual({
        convert: 'true',
        exceptBy: 'department',
        except: 'Engineering\nSales',
      }),
    );
    const chips = within(screen.getByRole('group', { name: 'Drill-down filters' }));
    const label = 'Other departments (all but the 2 departments shown)';
    expect(chips.getByText(label)).toBeInTheDocument();
    await u.click(chips.getByRole('button', { name: `Remove filter ${label}` }));
    await waitFor(() => expect(queryOf('/api/expenses/totals')).toEqual({ convert: 'true' }));
  });

  it('drops a malformed filter from the address instead of failing the list', async () => {
    serve();
    renderAt('/?vendorId=not-an-id&unmatched=maybe&department=Sales');
    await waitFor(() =>
      expect(queryOf('/api/expenses/totals')).toEqual({ convert: 'true', department: 'Sales' }),
    );
    expect(screen.queryByText(/Vendor:/)).not.toBeInTheDocument();
  });
});
