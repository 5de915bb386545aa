// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { WithUpgradeDialogs } from '@/test/upgrade-dialogs';
import { session } from '@/test/fixtures';
import { mockApi, reply, type MockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { restoreMocksAfterEach } from '@/test/restore-mocks';
import { budgets, CATEGORY_ID, forecast, movers, pivot, spend } from '../test/fixtures';
import { AnalyticsScreen } from './screens';

vi.mock('recharts', async (original) => ({
  ...(await original<object>()),
  ...(await import('@/test/charts')).sizedCharts,
}));

let api: MockApi;
restoreMocksAfterEach();

const view = {
  id: 'v1',
  name: 'Engineering by quarter',
  query: 'groupBy=department&interval=quarter',
  createdAt: '2026-03-01T10:00:00.000Z',
};

function serve(extra: Record<string, unknown> = {}) {
  api = mockApi({
    ...session('owner', 'scale'),
    'GET /api/analytics/spend': spend(),
    'GET /api/analytics/forecast': forecast,
    'GET /api/analytics/movers': movers,
    'GET /api/analytics/budgets': budgets,
    'GET /api/analytics/pivot': pivot,
    'GET /api/analytics/views': [view],
    ...extra,
  });
}

function renderPage(path: string) {
  const user = userEvent.setup();
  const rendered = renderRoutes(
    [
      {
        path: '/app/analytics',
        element: (
          <WithUpgradeDialogs>
            <AnalyticsScreen />
          </WithUpgradeDialogs>
        ),
      },
      { path: '/app/expenses', element: <p>Expenses ledger</p> },
    ],
    path,
  );
  return { user, ...rendered };
}

const queryOf = (path: string) => {
  const call = api.calls.filter((c) => c.method === 'GET' && c.path.split('?')[0] === path).at(-1);
  return call ? Object.fromEntries(new URL(call.path, 'http://localhost').searchParams) : null;
};

describe('analytics on Scale', () => {
  it('pivot: rows × columns with totals; a cell opens the ledger filtered by both and the range', async () => {
    serve();
    const { user, router } = renderPage('/app/analytics?tab=pivot&preset=this_fiscal_year');
    const table = await screen.findByTestId('pivot-table');
    expect(queryOf('/api/analytics/pivot')).toEqual({
      preset: 'this_fiscal_year',
      rows: 'category',
      columns: 'department',
    });
    expect(within(table).getByRole('rowheader', { name: 'Design' }).parentElement).toHaveTextContent(
      /\$400\.00.*\$50\.00.*\$450\.00/,
    );
    expect(within(table).getByRole('rowheader', { name: 'Total' }).parentElement).toHaveTextContent(
      /\$400\.00.*\$50\.00.*\$450\.00/,
    );
    // "Other" and the totals open the ledger (issue 31).
    expect(within(table).getByRole('link', { name: 'Design, Other: $50.00' })).toHaveAttribute(
      'href',
      `/app/expenses?categoryId=${CATEGORY_ID}&exceptBy=department&except=Engineering&from=2026-01-01&to=2026-02-28`,
    );
    expect(within(table).getByRole('link', { name: 'Design, total: $450.00' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Total: $450.00' })).toHaveAttribute(
      'href',
      '/app/expenses?from=2026-01-01&to=2026-02-28',
    );

    await user.selectOptions(screen.getByLabelText('Columns'), 'vendor');
    await waitFor(() => expect(queryOf('/api/analytics/pivot')).toMatchObject({ columns: 'vendor' }));
    expect(router.state.location.search).toContain('columns=vendor');

    await user.click(within(table).getByRole('link', { name: 'Design, Engineering: $400.00' }));
    expect(await screen.findByText('Expenses ledger')).toBeInTheDocument();
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      categoryId: CATEGORY_ID,
      department: 'Engineering',
      from: '2026-01-01',
      to: '2026-02-28',
    });
  });

  it('saved views: lists and opens a view, saves the current address under a name, says why a save failed, deletes', async () => {
    let saves = 0;
    serve({
      'POST /api/analytics/views': ({ body }: { body: { name: string } }) =>
        ++saves === 1
          ? { ...view, id: 'v2', ...body }
          : reply(409, { message: 'A view with this name exists', code: 'conflict' }),
      'DELETE /api/analytics/views/v1': undefined,
    });
    const { user, router } = renderPage('/app/analytics?groupBy=vendor&interval=quarter');
    await screen.findByTestId('spend-chart');
    await user.click(screen.getByRole('button', { name: 'Saved views' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('link', { name: 'Engineering by quarter' })).toHaveAttribute(
      'href',
      '/app/analytics?groupBy=department&interval=quarter',
    );

    await user.type(within(dialog).getByLabelText('Save the current view as'), 'Vendors by quarter');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
        name: 'Vendors by quarter',
        query: 'groupBy=vendor&interval=quarter',
      }),
    );
    await user.type(within(dialog).getByLabelText('Save the current view as'), 'Vendors by quarter');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A view with this name exists')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Delete view Engineering by quarter' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/analytics/views/v1')).toBe(true),
    );

    await user.click(within(dialog).getByRole('link', { name: 'Engineering by quarter' }));
    await waitFor(() => expect(router.state.location.search).toBe('?groupBy=department&interval=quarter'));
    await waitFor(() =>
      expect(queryOf('/api/analytics/spend')).toMatchObject({ groupBy: 'department', interval: 'quarter' }),
    );
  });
});
