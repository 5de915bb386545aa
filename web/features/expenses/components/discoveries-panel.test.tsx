// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Discovery } from '@common/contracts/expenses';
import { mockApi, reply, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { discovery } from '../test/fixtures';
import { DiscoveriesPanel } from './discoveries-panel';

let api: MockApi;
afterEach(() => vi.unstubAllGlobals());

const notion = discovery();
const zoom = discovery({
  merchantKey: 'zoom',
  name: 'Zoom',
  vendorName: 'Zoom',
  billingCycle: 'annual',
  amountMinor: 149_900,
  occurrences: 2,
  firstDate: '2025-01-15',
  totalMinor: 299_800,
  sampleMerchant: 'ZOOM.US 888-799-9666',
});

/** Suggestions as the server keeps them: accepting or dismissing one removes it. */
function serve(extra: Record<string, unknown> = {}) {
  let list: Discovery[] = [notion, zoom];
  const drop = (body: { merchantKey: string }) =>
    (list = list.filter((d) => d.merchantKey !== body.merchantKey));
  api = mockApi({
    'GET /api/expenses/discoveries': () => list,
    'POST /api/expenses/discoveries/accept': ({ body }: { body: { merchantKey: string } }) => {
      drop(body);
      return { subscriptionId: '66666666-6666-4666-8666-666666666666', matched: 4 };
    },
    'POST /api/expenses/discoveries/dismiss': ({ body }: { body: { merchantKey: string } }) => {
      drop(body);
      return { ignored: 2 };
    },
    ...extra,
  });
}

const cards = () => screen.queryAllByTestId('discovery');
const posted = (path: string) =>
  api.calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body);

describe('discovered applications', () => {
  it('proposes each recurring charge with its vendor, cycle, amount and history', async () => {
    serve();
    renderWithProviders(<DiscoveriesPanel canWrite />);
    await waitFor(() => expect(cards()).toHaveLength(2));
    const [first, second] = cards().map((c) => within(c));
    expect(first.getByText('Notion')).toBeInTheDocument();
    expect(first.getByText('monthly')).toBeInTheDocument();
    expect(first.getByText('Notion Labs · NOTION LABS INC')).toBeInTheDocument();
    expect(first.getByText('$96.00')).toBeInTheDocument();
    expect(first.getByText('/ month')).toBeInTheDocument();
    expect(first.getByText('4 charges since Dec 3, 2025, $384.00 in total')).toBeInTheDocument();
    expect(second.getByText('annual')).toBeInTheDocument();
    expect(second.getByText('ZOOM.US 888-799-9666')).toBeInTheDocument(); // vendor named like the tool
    expect(second.getByText('$1,499.00')).toBeInTheDocument();
    expect(second.getByText('/ year')).toBeInTheDocument();
  });

  it('creates the application from a suggestion, which then goes away', async () => {
    serve();
    const u = userEvent.setup();
    renderWithProviders(<DiscoveriesPanel canWrite />);
    await waitFor(() => expect(cards()).toHaveLength(2));
    await u.click(within(cards()[0]).getByRole('button', { name: 'Add application' }));
    expect(await screen.findByText('Notion added to your applications')).toBeInTheDocument();
    expect(screen.getAllByText('4 charges matched.')[0]).toBeInTheDocument();
    expect(posted('/api/expenses/discoveries/accept')).toEqual([{ merchantKey: 'notion' }]);
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(within(cards()[0]).getByText('Zoom')).toBeInTheDocument();
  });

  it('dismisses a charge that is not software', async () => {
    serve();
    const u = userEvent.setup();
    renderWithProviders(<DiscoveriesPanel canWrite />);
    await waitFor(() => expect(cards()).toHaveLength(2));
    await u.click(within(cards()[1]).getByRole('button', { name: 'Not software' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(posted('/api/expenses/discoveries/dismiss')).toEqual([{ merchantKey: 'zoom' }]);
    expect(posted('/api/expenses/discoveries/accept')).toEqual([]);
  });

  it('offers the upgrade when the plan has no room for another application', async () => {
    serve({
      'POST /api/expenses/discoveries/accept': reply(403, {
        message: 'Your plan allows 15 applications.',
        code: 'plan_limit',
      }),
    });
    const u = userEvent.setup();
    renderWithProviders(<DiscoveriesPanel canWrite />);
    await waitFor(() => expect(cards()).toHaveLength(2));
    await u.click(within(cards()[0]).getByRole('button', { name: 'Add application' }));
    expect(await screen.findByRole('dialog', { name: /Upgrade to Growth/ })).toBeInTheDocument();
    expect(screen.getByText('Could not add the application')).toBeInTheDocument();
    expect(cards()).toHaveLength(2);
  });

  it('viewers see the suggestions without actions; none at all shows the empty state', async () => {
    serve();
    const { unmount } = renderWithProviders(<DiscoveriesPanel canWrite={false} />);
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Add application' })).not.toBeInTheDocument();
    unmount();
    api = mockApi({ 'GET /api/expenses/discoveries': [] });
    renderWithProviders(<DiscoveriesPanel canWrite />);
    expect(await screen.findByText('No unregistered tools found')).toBeInTheDocument();
  });
});
