// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Insight } from '@common/contracts/insights';
import { mockApi, reply, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { idleSlack, insight, list, session, SLACK, summary, zoomOverlap } from '../test/fixtures';
import { InsightsPage } from './insights-page';
import { USAGE_UNKNOWN_TEXT } from '@common/licenses';

let api: MockApi;
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The insights as the server keeps them: a PATCH shows on the next read. */
function serve(extra: Record<string, unknown> = {}, refreshAvailableAt: string | null = null) {
  let items: Insight[] = [idleSlack, zoomOverlap];
  api = mockApi({
    ...session('owner', 'pro'),
    'GET /api/insights': ({ url }: { url: URL }) => {
      const type = url.searchParams.get('type');
      const open = (url.searchParams.get('state') ?? 'open') === 'open';
      return list(
        items.filter(
          (i) => (!type || i.type === type) && (!open || !['dismissed', 'realized'].includes(i.state)),
        ),
        { refreshAvailableAt },
      );
    },
    'GET /api/insights/summary': summary(),
    'PATCH /api/insights/i1': ({ body }: { body: Partial<Insight> }) => {
      items = items.map((i) => (i.id === 'i1' ? { ...i, ...body } : i));
      return items[0];
    },
    ...extra,
  });
}

const cards = () => screen.findAllByTestId('insight-card');
const opportunities = () => screen.getByRole('list', { name: 'Opportunity list' });

describe('insights page', () => {
  it('shows the day’s summary and each opportunity with its saving, confidence, why and links', async () => {
    serve();
    renderWithProviders(<InsightsPage />, '/app/insights');
    const [slack, zoom] = await cards();
    expect(within(slack).getByText('$576.00')).toBeInTheDocument();
    expect(within(slack).getByText('High confidence')).toBeInTheDocument();
    expect(within(slack).getByText('Activity comes from a usage import')).toBeInTheDocument();
    expect(within(slack).getByText(/have not used Slack in 60 days/)).toBeInTheDocument();
    expect(within(slack).getByRole('link', { name: 'Slack' })).toHaveAttribute(
      'href',
      `/app/subscriptions/${SLACK.id}`,
    );
    expect(within(slack).getByRole('link', { name: 'Reclaim seats' })).toHaveAttribute(
      'href',
      `/app/subscriptions/${SLACK.id}`,
    );
    expect(within(slack).getByRole('link', { name: '4 idle Slack seats' })).toHaveAttribute(
      'href',
      '/app/insights/i1',
    );
    expect(within(zoom).getByText('Saving not computed — Zoom has no price per seat')).toBeInTheDocument();
    expect(within(zoom).getByText('Medium confidence')).toBeInTheDocument();
    expect(within(zoom).getByText('Reviewing')).toBeInTheDocument();

    const today = screen.getByRole('region', { name: 'Today’s summary' });
    expect(within(today).getByTestId('identified')).toHaveTextContent('$576.00');
    expect(within(today).getByText('2 open opportunities, overlaps counted once')).toBeInTheDocument();
    expect(
      within(within(today).getByRole('list', { name: 'Top actions' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Inactive licenses (1)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All types (2)' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('filters by type with the counts of every open opportunity', async () => {
    serve();
    const u = userEvent.setup();
    renderWithProviders(<InsightsPage />, '/app/insights');
    await cards();
    await u.click(screen.getByRole('button', { name: 'Overlapping tools (1)' }));
    await waitFor(async () => expect(await cards()).toHaveLength(1));
    expect(within(opportunities()).getByText('Zoom and Google Meet do the same job')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.includes('type=overlapping_tools'))).toBe(true);
  });

  it('dismissing asks why, needs a note for Other, and sends the reason', async () => {
    serve();
    const u = userEvent.setup();
    renderWithProviders(<InsightsPage />, '/app/insights');
    const [slack] = await cards();
    await u.click(within(slack).getByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss this opportunity?' });
    await u.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await within(dialog).findByText('Choose a reason')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await u.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await within(dialog).findByText('Add a note for "Other"')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);

    await u.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Legal needs both workspaces');
    await u.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'PATCH')).toEqual([
      expect.objectContaining({
        path: '/api/insights/i1',
        body: { state: 'dismissed', dismissReason: 'other', dismissNote: 'Legal needs both workspaces' },
      }),
    ]);
    await waitFor(() =>
      expect(within(opportunities()).queryByText('4 idle Slack seats')).not.toBeInTheDocument(),
    );
  });

  it('Review and Start move an opportunity along the pipeline', async () => {
    serve();
    const u = userEvent.setup();
    renderWithProviders(<InsightsPage />, '/app/insights');
    const [slack] = await cards();
    await u.click(within(slack).getByRole('button', { name: 'Review' }));
    await waitFor(() =>
      expect(within(slack).queryByRole('button', { name: 'Review' })).not.toBeInTheDocument(),
    );
    await u.click(within(slack).getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(within(slack).getByText('In progress')).toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { state: 'reviewing' },
      { state: 'in_progress' },
    ]);
  });

  it('Refresh now waits for refreshAvailableAt, and shows the server’s message when refused', async () => {
    serve({}, new Date(Date.now() + 3 * 60_000).toISOString());
    const first = renderWithProviders(<InsightsPage />, '/app/insights');
    await cards();
    expect(screen.getByRole('button', { name: 'Refresh now' })).toBeDisabled();
    expect(screen.getByText('Available again in 3 minutes.')).toBeInTheDocument();
    first.unmount();

    serve({
      'POST /api/insights/refresh': reply(429, {
        message: 'Insights were refreshed less than 5 minutes ago.',
        code: 'rate_limited',
      }),
    });
    const u = userEvent.setup();
    renderWithProviders(<InsightsPage />, '/app/insights');
    await cards();
    await u.click(screen.getByRole('button', { name: 'Refresh now' }));
    expect(await screen.findByText('Insights were refreshed less than 5 minutes ago.')).toBeInTheDocument();
  });

  it('a viewer sees the opportunities without the actions', async () => {
    mockApi({
      ...session('viewer', 'pro'),
      'GET /api/insights': list([idleSlack]),
      'GET /api/insights/summary': summary(),
    });
    renderWithProviders(<InsightsPage />, '/app/insights');
    const [slack] = await cards();
    expect(within(slack).queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refresh now' })).not.toBeInTheDocument();
  });

  it('shows on each card the amount the headline counts, what it overlaps with, and unknown usage', async () => {
    const figma = insight({
      id: 'i3',
      key: 'application_decision:figma',
      title: 'Renew Figma with 11 seats, not 12',
      savingMinor: 90_000,
      countedMinor: 60_000,
      overlapsWith: [{ id: 'i1', title: '4 idle Slack seats' }],
      decision: {
        applicationId: 'figma',
        usage: 'unknown',
        targetSeats: 11,
        seatsInUse: 10,
        alternatives: [],
      },
    });
    mockApi({
      ...session('owner', 'pro'),
      'GET /api/insights': list([figma]),
      'GET /api/insights/summary': summary(),
    });
    renderWithProviders(<InsightsPage />, '/app/insights');
    const [card] = await cards();
    // The counted amount leads; the whole saving is beside it.
    expect(within(card).getByTestId('counted-saving')).toHaveTextContent('$600.00 / year');
    expect(within(card).getByTestId('counted-saving')).toHaveTextContent('counted of $900.00');
    expect(within(card).getByTestId('overlap-note')).toHaveTextContent(
      'Overlaps with 4 idle Slack seats: the shared part counts once.',
    );
    expect(within(card).getByText(USAGE_UNKNOWN_TEXT)).toBeInTheDocument();
  });

  it('offers a table sortable by saving, application and type, with bulk dismiss', async () => {
    const a = insight({ id: 'i1', title: 'Slack seats', countedMinor: 10_000, savingMinor: 10_000 });
    const b = insight({
      id: 'i2',
      title: 'Zoom seats',
      countedMinor: 30_000,
      savingMinor: 30_000,
      applications: [{ id: 'z', name: 'Airtable' }],
    });
    const patched: string[] = [];
    api = mockApi({
      ...session('owner', 'pro'),
      'GET /api/insights': list([a, b]),
      'GET /api/insights/summary': summary(),
      'PATCH /api/insights/i1': () => {
        patched.push('i1');
        return { ...a, state: 'dismissed' };
      },
      'PATCH /api/insights/i2': () => {
        patched.push('i2');
        return { ...b, state: 'dismissed' };
      },
    });
    const u = userEvent.setup();
    renderWithProviders(<InsightsPage />, '/app/insights?view=table');
    const table = await screen.findByRole('table', { name: 'Opportunities table' });
    const order = () =>
      within(table)
        .getAllByTestId('insight-row')
        .map((r) => within(r).getAllByRole('cell')[1].textContent);
    // Largest counted saving first.
    expect(order()).toEqual(['Airtable', 'Slack']);
    await u.click(within(table).getByRole('button', { name: /Application/ }));
    expect(order()).toEqual(['Airtable', 'Slack']);
    await u.click(within(table).getByRole('button', { name: /Application/ }));
    expect(order()).toEqual(['Slack', 'Airtable']);
    await u.click(within(table).getByRole('checkbox', { name: 'Select all' }));
    await u.click(screen.getByRole('button', { name: 'Dismiss selected' }));
    await waitFor(() => expect(patched.sort()).toEqual(['i1', 'i2']));
    expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { state: 'dismissed', dismissReason: 'not_relevant' },
      { state: 'dismissed', dismissReason: 'not_relevant' },
    ]);
  });
});
