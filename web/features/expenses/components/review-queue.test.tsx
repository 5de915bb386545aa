// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Expense } from '@common/contracts/expenses';
import { mockApi, reply, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { applications, expense, expenseList, FIGMA_ID, SLACK_ID, unmatched } from '../test/fixtures';
import { ReviewQueue } from './review-queue';

let api: MockApi;
afterEach(() => vi.unstubAllGlobals());

const figmaCharge = unmatched({
  id: 'e-figma',
  merchant: 'FIGMA MONTHLY SF',
  merchantName: 'Figma',
  amountMinor: 4500,
  suggestedSubscriptionId: FIGMA_ID,
  suggestedSubscriptionName: 'Figma',
});
const loomCharge = unmatched({ id: 'e-loom', merchant: 'LOOM.COM', merchantName: 'Loom', amountMinor: 1800 });

/** The queue as the server keeps it: a match or an ignore takes the expense out. */
function serve(extra: Record<string, unknown> = {}) {
  let queue: Expense[] = [figmaCharge, loomCharge];
  const leave = (id: string) => (queue = queue.filter((e) => e.id !== id));
  api = mockApi({
    'GET /api/expenses': () => expenseList(queue),
    'GET /api/subscriptions': applications([
      { id: SLACK_ID, name: 'Slack' },
      { id: FIGMA_ID, name: 'Figma' },
    ]),
    'POST /api/expenses/e-figma/match': ({ body }: { body: { subscriptionId: string } }) => {
      leave('e-figma');
      return {
        expense: expense({ id: 'e-figma', subscriptionId: body.subscriptionId, subscriptionName: 'Figma' }),
        rule: null,
        appliedCount: 2,
      };
    },
    'POST /api/expenses/e-loom/match': () => {
      leave('e-loom');
      return { expense: expense({ id: 'e-loom', subscriptionName: 'Slack' }), rule: null, appliedCount: 0 };
    },
    'POST /api/expenses/e-loom/ignore': () => {
      leave('e-loom');
      return unmatched({ id: 'e-loom', matchStatus: 'ignored' });
    },
    ...extra,
  });
}

const item = (merchantName: string) =>
  screen.queryAllByTestId('queue-item').find((li) => within(li).queryAllByText(merchantName).length > 0) ??
  null;
const calls = (path: string) => api.calls.filter((c) => c.method === 'POST' && c.path === path);

describe('review queue', () => {
  it('lists the unmatched charges with their amount and the suggested application', async () => {
    serve();
    renderWithProviders(<ReviewQueue canWrite />);
    expect(await screen.findByText(/2 unmatched expenses/)).toBeInTheDocument();
    expect(api.calls.find((c) => c.path.startsWith('/api/expenses'))?.path).toBe(
      '/api/expenses?match=unmatched&limit=100',
    );
    const figma = within(item('Figma')!);
    expect(figma.getByText('$45.00')).toBeInTheDocument();
    expect(figma.getByText('Mar 4, 2026 · FIGMA MONTHLY SF')).toBeInTheDocument();
    expect(figma.getByText('Looks like Figma')).toBeInTheDocument();
    await waitFor(() =>
      expect(figma.getByRole('combobox', { name: 'Application for Figma' })).toHaveTextContent('Figma'),
    );
    expect(within(item('Loom')!).getByRole('button', { name: 'Match' })).toBeDisabled();
  });

  it('matches to the suggestion, remembering the merchant, and the charge leaves the queue', async () => {
    serve();
    const u = userEvent.setup();
    renderWithProviders(<ReviewQueue canWrite />);
    await screen.findByText(/2 unmatched expenses/);
    await waitFor(() => expect(api.calls.some((c) => c.path.startsWith('/api/subscriptions'))).toBe(true));
    await u.click(within(item('Figma')!).getByRole('button', { name: 'Match' }));
    expect(await screen.findByText('Matched to Figma')).toBeInTheDocument();
    expect(screen.getAllByText('2 more from this merchant matched too.')[0]).toBeInTheDocument();
    expect(calls('/api/expenses/e-figma/match')[0].body).toEqual({ subscriptionId: FIGMA_ID, learn: true });
    await waitFor(() => expect(item('Figma')).toBeNull());
    expect(screen.getByText(/1 unmatched expense\./)).toBeInTheDocument();
  });

  it('matches to an application picked by hand, without learning the merchant', async () => {
    serve();
    const u = userEvent.setup();
    renderWithProviders(<ReviewQueue canWrite />);
    await screen.findByText(/2 unmatched expenses/);
    const loom = within(item('Loom')!);
    await u.click(loom.getByRole('combobox', { name: 'Application for Loom' }));
    await u.click(await screen.findByRole('option', { name: 'Slack' }));
    await u.click(loom.getByRole('checkbox', { name: 'Remember this merchant' }));
    await u.click(loom.getByRole('button', { name: 'Match' }));
    await waitFor(() => expect(item('Loom')).toBeNull());
    expect(calls('/api/expenses/e-loom/match')[0].body).toEqual({ subscriptionId: SLACK_ID, learn: false });
  });

  it('ignores a charge that is not software', async () => {
    serve();
    const u = userEvent.setup();
    renderWithProviders(<ReviewQueue canWrite />);
    await screen.findByText(/2 unmatched expenses/);
    await u.click(within(item('Loom')!).getByRole('button', { name: 'Ignore' }));
    await waitFor(() => expect(item('Loom')).toBeNull());
    expect(calls('/api/expenses/e-loom/ignore')).toHaveLength(1);
    expect(item('Figma')).not.toBeNull();
  });

  it('keeps the charge and says why when matching fails', async () => {
    serve({
      'POST /api/expenses/e-figma/match': reply(404, { message: 'Application not found', code: 'not_found' }),
    });
    const u = userEvent.setup();
    renderWithProviders(<ReviewQueue canWrite />);
    await screen.findByText(/2 unmatched expenses/);
    await u.click(within(item('Figma')!).getByRole('button', { name: 'Match' }));
    expect(await screen.findByText('Could not match')).toBeInTheDocument();
    expect(screen.getAllByText('Application not found')[0]).toBeInTheDocument();
    expect(item('Figma')).not.toBeNull();
  });

  it('is read-only for viewers, and says so when everything is matched', async () => {
    serve();
    const { unmount } = renderWithProviders(<ReviewQueue canWrite={false} />);
    expect(await screen.findByText(/2 unmatched expenses/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Match' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ignore' })).not.toBeInTheDocument();
    unmount();
    api = mockApi({ 'GET /api/expenses': expenseList([]), 'GET /api/subscriptions': applications([]) });
    renderWithProviders(<ReviewQueue canWrite />);
    expect(await screen.findByText('All caught up')).toBeInTheDocument();
  });
});
