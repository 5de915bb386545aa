// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Insight } from '@common/contracts/insights';
import { mockApi, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { idleSlack, insight, list, session, summary, zoomOverlap } from '../test/fixtures';
import { OptimizePage } from './optimize-page';

vi.mock('recharts', async (original) => ({
  ...(await original<object>()),
  ...(await import('@/test/charts')).sizedCharts,
}));

let api: MockApi;
afterEach(() => vi.unstubAllGlobals());

const realized = insight({
  id: 'i3',
  title: 'Cancel the second Zoom account',
  state: 'realized',
  realizedMinor: 120_000,
  realizedSource: 'auto',
});

function serve(extra: Insight[] = []) {
  let items: Insight[] = [idleSlack, zoomOverlap, realized, ...extra];
  api = mockApi({
    ...session('owner', 'pro'),
    'GET /api/insights': () => list(items),
    'GET /api/insights/summary': summary(),
    'PATCH /api/insights/i1': ({ body }: { body: Partial<Insight> }) => {
      items = items.map((i) => (i.id === 'i1' ? { ...i, ...body } : i));
      return items[0];
    },
  });
}

const column = (name: string) => screen.getByRole('region', { name });

describe('optimize page', () => {
  it('shows the ledger, the pipeline by state, the realized chart, the breakdowns and the exports', async () => {
    serve();
    renderWithProviders(<OptimizePage />, '/app/optimize');
    expect(await screen.findByTestId('ledger-Identified')).toHaveTextContent('$576.00');
    expect(screen.getByTestId('ledger-Realized this fiscal year')).toHaveTextContent('$1,200.00');
    expect(screen.getByTestId('ledger-Realized all time')).toHaveTextContent('$2,400.00');
    await screen.findAllByTestId('board-card');
    expect(within(column('New')).getByText('4 idle Slack seats')).toBeInTheDocument();
    expect(within(column('Reviewing')).getByText('Zoom and Google Meet do the same job')).toBeInTheDocument();
    expect(within(column('Realized')).getByText('$1,200.00 / year')).toBeInTheDocument();
    expect(within(column('Dismissed')).getByText('Nothing here')).toBeInTheDocument();
    expect(await screen.findByTestId('realized-chart')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'By owner' })).getByText('Maya Chen'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'By department' })).getByText('Engineering'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/insights/export?format=csv',
    );
    expect(screen.getByRole('link', { name: 'Export XLSX' })).toHaveAttribute(
      'href',
      '/api/insights/export?format=xlsx',
    );
    const pipelineCall = api.calls.find((c) => c.path.startsWith('/api/insights?'));
    expect(pipelineCall?.path).toContain('includeSnoozed=true');
  });

  it('lists the open "price above list" opportunities under Priced above benchmark, and nothing without any', async () => {
    const above = (id: string, state: Insight['state'], name: string) =>
      insight({
        id,
        type: 'price_above_list',
        key: `price_above_list:${id}`,
        title: `${name} costs 18% more than its list price`,
        savingMinor: 54_000,
        countedMinor: 54_000,
        state,
        applications: [{ id: `app-${id}`, name }],
      });
    serve([above('p1', 'new', 'Figma'), above('p2', 'dismissed', 'Notion')]);
    const { unmount } = renderWithProviders(<OptimizePage />, '/app/optimize');
    const section = await screen.findByRole('list', { name: 'Priced above benchmark' });
    expect(
      within(section).getByRole('link', { name: 'Figma costs 18% more than its list price' }),
    ).toHaveAttribute('href', '/app/insights/p1');
    expect(within(section).getByRole('link', { name: 'Figma' })).toHaveAttribute(
      'href',
      '/app/subscriptions/app-p1',
    );
    expect(within(section).queryByText(/Notion/)).not.toBeInTheDocument();
    expect(
      screen.getByText(/1 application paying more than the public list price: \$540\.00 per year counted/),
    ).toBeInTheDocument();
    unmount();
    serve();
    renderWithProviders(<OptimizePage />, '/app/optimize');
    await screen.findAllByTestId('board-card');
    expect(screen.queryByText('Priced above benchmark')).not.toBeInTheDocument();
  });

  it('moves a card to another column with its menu', async () => {
    serve();
    const u = userEvent.setup();
    renderWithProviders(<OptimizePage />, '/app/optimize');
    await screen.findAllByTestId('board-card');
    await u.click(within(column('New')).getByRole('button', { name: 'Move 4 idle Slack seats' }));
    await u.click(await screen.findByRole('menuitem', { name: 'In progress' }));
    await waitFor(() =>
      expect(within(column('In progress')).getByText('4 idle Slack seats')).toBeInTheDocument(),
    );
    expect(within(column('New')).queryByText('4 idle Slack seats')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PATCH')).toEqual([
      expect.objectContaining({ path: '/api/insights/i1', body: { state: 'in_progress' } }),
    ]);
  });

  it('moving to Realized asks for the yearly amount', async () => {
    serve();
    const u = userEvent.setup();
    renderWithProviders(<OptimizePage />, '/app/optimize');
    await screen.findAllByTestId('board-card');
    await u.click(within(column('New')).getByRole('button', { name: 'Move 4 idle Slack seats' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Realized' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as realized' });
    const amount = within(dialog).getByRole('textbox', { name: 'Saved per year (USD)' });
    expect(amount).toHaveValue('576.00');
    await u.clear(amount);
    await u.type(amount, '480');
    await u.click(within(dialog).getByRole('button', { name: 'Mark realized' }));
    await waitFor(() =>
      expect(within(column('Realized')).getByText('4 idle Slack seats')).toBeInTheDocument(),
    );
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      state: 'realized',
      realizedMinor: 48_000,
    });
  });
});
