// @vitest-environment jsdom
import '@/test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PlanId } from '@common/plans';
import { WithUpgradeDialogs } from '@/test/upgrade-dialogs';
import { session } from '@/test/fixtures';
import { mockApi, reply, type MockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { restoreMocksAfterEach } from '@/test/restore-mocks';
import { budgets, emptySpend, forecast, movers, spend } from '../test/fixtures';
import { AnalyticsScreen } from './screens';

vi.mock('recharts', async (original) => ({
  ...(await original<object>()),
  ...(await import('@/test/charts')).sizedCharts,
}));

let api: MockApi;
restoreMocksAfterEach();

function serve(plan: PlanId, extra: Record<string, unknown> = {}) {
  api = mockApi({
    ...session('owner', plan),
    'GET /api/plans': { checkoutConfigured: false, plans: [] },
    'GET /api/analytics/spend': spend(),
    'GET /api/analytics/forecast': forecast,
    'GET /api/analytics/movers': movers,
    'GET /api/analytics/budgets': budgets,
    ...extra,
  });
}

function renderPage(path = '/app/analytics?groupBy=department') {
  const user = userEvent.setup();
  const view = renderRoutes(
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
  return { user, ...view };
}

const queryOf = (path: string) => {
  const call = api.calls.filter((c) => c.method === 'GET' && c.path.split('?')[0] === path).at(-1);
  return call ? Object.fromEntries(new URL(call.path, 'http://localhost').searchParams) : null;
};
const kpi = (label: RegExp) => screen.getAllByTestId('kpi').find((k) => label.test(k.textContent ?? ''))!;

describe('/app/analytics', () => {
  it('shows the KPIs with the currency, the no-rate note, forecast, movers and budgets from the API', async () => {
    serve('pro');
    renderPage();
    await screen.findByText('$3,500.00');
    expect(kpi(/Actual spend \(USD\)/)).toHaveTextContent('$3,500.00');
    expect(kpi(/Committed spend/)).toHaveTextContent('$2,000.00');
    expect(kpi(/Cost per employee/)).toHaveTextContent('$350.00');
    expect(kpi(/Cost per employee/)).toHaveTextContent('10 active people');
    expect(await within(kpi(/Actual spend/)).findByText(/No rate for/)).toHaveTextContent('€123.45');
    expect(queryOf('/api/analytics/spend')).toEqual({
      preset: 'last_12_months',
      groupBy: 'department',
      interval: 'month',
    });
    expect(screen.getByTestId('spend-chart')).toHaveTextContent('Engineering');
    expect(await screen.findByTestId('forecast-method')).toHaveTextContent('average of the last 6 months');
    expect(screen.getByRole('link', { name: 'Figma' })).toHaveAttribute(
      'href',
      expect.stringContaining('/app/subscriptions/'),
    );
    expect(await screen.findByTestId('budgets-chart')).toBeInTheDocument();
    // The key's swatches are theme colours, never recharts' default black (unreadable on dark).
    const legend = await screen.findByTestId('budgets-legend');
    const swatches = [...legend.querySelectorAll<HTMLElement>('[data-swatch]')];
    expect(swatches.map((s) => s.dataset.swatch)).toEqual([
      'Budget',
      'Actual: on track',
      'Actual: at risk',
      'Actual: over budget',
    ]);
    for (const swatch of swatches) {
      expect(swatch.style.backgroundColor).not.toMatch(/^(|black|#000|#000000|rgb\(0, 0, 0\))$/);
    }
    expect(queryOf('/api/analytics/movers')).toEqual({ preset: 'last_12_months' });
    // The window the figures cover is named (the API's answer), and an application with nothing
    // before is "new", not a percent.
    expect(screen.getByTestId('analytics-window')).toHaveTextContent('Jan 2026 – Feb 2026');
    const increases = within(screen.getByRole('region', { name: 'Increases' }));
    expect(increases.getByTitle('Tableau').parentElement).toHaveTextContent(/new · now/);
    expect(increases.getByTitle('Figma').parentElement).toHaveTextContent(/\+150\.0 %/);
  });

  it('the table toggle shows the same figures with totals; a cell opens the ledger for that group and period', async () => {
    serve('pro');
    const { user, router } = renderPage();
    await screen.findByTestId('spend-chart');
    await user.click(
      screen.getByRole('group', { name: 'Spend over time: show as' }).querySelector('button:last-child')!,
    );
    const table = screen.getByTestId('spend-table');
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent(/Jan 2026.*Feb 2026.*Total/);
    expect(within(table).getByRole('rowheader', { name: 'Engineering' }).parentElement).toHaveTextContent(
      /\$1,000\.00.*\$2,000\.00.*\$3,000\.00/,
    );
    expect(within(table).getByRole('rowheader', { name: 'Total actual' }).parentElement).toHaveTextContent(
      /\$1,200\.00.*\$2,300\.00.*\$3,500\.00/,
    );
    expect(within(table).getByRole('rowheader', { name: 'Committed' }).parentElement).toHaveTextContent(
      '$2,000.00',
    );
    // "Other" and the totals open the ledger too (issue 31): every charge outside the groups shown,
    // a group over the whole range, a period over every group.
    expect(within(table).getByRole('link', { name: 'Other, Jan 2026: $200.00' })).toHaveAttribute(
      'href',
      '/app/expenses?exceptBy=department&except=Engineering&from=2026-01-01&to=2026-01-31',
    );
    expect(within(table).getByRole('link', { name: 'Engineering, total: $3,000.00' })).toHaveAttribute(
      'href',
      '/app/expenses?department=Engineering&from=2026-01-01&to=2026-02-28',
    );
    expect(within(table).getByRole('link', { name: 'Total, Feb 2026: $2,300.00' })).toHaveAttribute(
      'href',
      '/app/expenses?from=2026-02-01&to=2026-02-28',
    );
    expect(within(table).getByRole('link', { name: 'Total actual: $3,500.00' })).toHaveAttribute(
      'href',
      '/app/expenses?from=2026-01-01&to=2026-02-28',
    );
    await user.click(within(table).getByRole('link', { name: 'Engineering, Feb 2026: $2,000.00' }));
    expect(await screen.findByText('Expenses ledger')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/expenses');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      department: 'Engineering',
      from: '2026-02-01',
      to: '2026-02-28',
    });
  });

  it('clicking a bar segment opens the ledger with the series filter and that period', async () => {
    serve('pro');
    const { router } = renderPage();
    const chart = await screen.findByTestId('spend-chart');
    await waitFor(() => expect(chart.querySelectorAll('.recharts-bar-rectangle').length).toBeGreaterThan(0));
    // The first series' bars come first: Engineering in January.
    fireEvent.click(chart.querySelectorAll('.recharts-bar-rectangle')[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/expenses'));
    expect(router.state.location.search).toBe('?department=Engineering&from=2026-01-01&to=2026-01-31');
  });

  it('Growth: custom range, comparison, pivot and saved views are locked with a Scale badge and open the upgrade dialog', async () => {
    serve('pro');
    // A custom range and comparison in an old link fall back to the preset on Growth.
    const { user } = renderPage('/app/analytics?from=2026-01-01&to=2026-02-28&compare=previous');
    await screen.findByText('$3,500.00');
    expect(queryOf('/api/analytics/spend')).toEqual({
      preset: 'last_12_months',
      groupBy: 'none',
      interval: 'month',
    });
    const locked = document.querySelectorAll('[data-locked="scale"]');
    expect([...locked].map((b) => b.textContent?.trim())).toEqual(
      expect.arrayContaining([
        'Saved views Scale',
        'Custom range Scale',
        'Compare periods Scale',
        'Pivot Scale',
      ]),
    );
    expect(screen.queryByRole('tab', { name: 'Pivot' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Pivot/ }));
    expect(await screen.findByRole('heading', { name: 'Upgrade to Scale' })).toBeInTheDocument();
  });

  it('Scale: compares with the previous period, shows the change, and the range is URL state', async () => {
    serve('scale', {
      'GET /api/analytics/spend': ({ url }: { url: URL }) =>
        url.searchParams.get('compareFrom')
          ? spend({
              compare: {
                ...spend(),
                from: '2025-11-01',
                to: '2025-12-31',
                totals: {
                  actualMinor: 250_000,
                  committedMinor: 0,
                  employees: 10,
                  costPerEmployeeMinor: 25_000,
                },
              },
            })
          : spend(),
    });
    const { user, router } = renderPage('/app/analytics?from=2026-01-01&to=2026-02-28');
    await screen.findByText('$3,500.00');
    expect(queryOf('/api/analytics/spend')).toMatchObject({ from: '2026-01-01', to: '2026-02-28' });
    await user.selectOptions(screen.getByLabelText('Compare with'), 'previous');
    await waitFor(() =>
      expect(queryOf('/api/analytics/spend')).toMatchObject({
        compareFrom: '2025-11-01',
        compareTo: '2025-12-31',
      }),
    );
    expect(router.state.location.search).toContain('compare=previous');
    await waitFor(() => expect(kpi(/Change vs previous period/)).toHaveTextContent('+$1,000.00'));
    expect(kpi(/Change vs previous period/)).toHaveTextContent('+40.0 %');

    // A custom range is whole months; picking a start after the end moves the end along.
    fireEvent.change(screen.getByLabelText('From month'), { target: { value: '2026-04' } });
    await waitFor(() =>
      expect(queryOf('/api/analytics/spend')).toMatchObject({ from: '2026-04-01', to: '2026-04-30' }),
    );
    expect(router.state.location.search).toContain('from=2026-04-01&to=2026-04-30');
    await user.selectOptions(screen.getByLabelText('Date range'), 'last_quarter');
    await waitFor(() => expect(queryOf('/api/analytics/spend')).toMatchObject({ preset: 'last_quarter' }));
    expect(queryOf('/api/analytics/spend')).not.toHaveProperty('from');
  });

  it('Starter sees the upgrade prompt instead of the page', async () => {
    serve('starter');
    renderPage();
    expect(await screen.findByTestId('upgrade-prompt')).toHaveTextContent(
      'Analytics is part of the Growth plan',
    );
    expect(api.calls.some((c) => c.path.startsWith('/api/analytics'))).toBe(false);
  });

  it('shows a skeleton while loading and says why the figures could not be loaded', async () => {
    serve('scale', {
      'GET /api/analytics/spend': reply(400, {
        message: 'A range covers at most 60 months',
        code: 'validation',
      }),
    });
    renderPage('/app/analytics?from=2019-01-01&to=2026-02-28');
    expect(await screen.findByTestId('analytics-loading')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByRole('alert')).toHaveTextContent('A range covers at most 60 months');
  });

  it('a new organization sees how to start instead of empty charts', async () => {
    serve('pro', { 'GET /api/analytics/spend': emptySpend() });
    renderPage();
    expect(await screen.findByText('No spend recorded yet — import expenses')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to expenses' })).toHaveAttribute('href', '/app/expenses');
    expect(screen.queryByTestId('spend-chart')).not.toBeInTheDocument();
  });
});
