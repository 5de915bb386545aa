// @vitest-environment jsdom
import '@/test/dom';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Expense } from '@common/contracts/expenses';
import { useOrganization } from '@/lib/organizations/get-organization';
import { organizationDetail } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ReviewQueue } from './review-queue';

const charge: Expense = {
  id: '7b0e8a52-64c4-4c3e-9a43-0c2f1c4b5d01',
  date: '2026-03-14',
  amountMinor: 4_500,
  currency: 'USD',
  merchant: 'FS *INKWELL SOFTWARE',
  merchantKey: 'INKWELL SOFTWARE',
  merchantName: 'Inkwell Software',
  description: null,
  vendorId: null,
  vendorName: null,
  subscriptionId: null,
  subscriptionName: null,
  suggestedSubscriptionId: null,
  suggestedSubscriptionName: null,
  paymentMethodId: null,
  categoryId: null,
  projectId: null,
  department: null,
  invoiceNumber: null,
  servicePeriodStart: null,
  servicePeriodEnd: null,
  document: null,
  source: 'csv',
  externalId: null,
  sourceUrl: null,
  matchStatus: 'unmatched',
  matchMethod: null,
  matchConfidence: null,
  overExpectedPercent: null,
  chargedAfterCancellation: false,
  notes: null,
  importBatchId: null,
  createdAt: '2026-03-15T09:00:00.000Z',
  updatedAt: '2026-03-15T09:00:00.000Z',
};
const quillwright = {
  id: '3d1f2a9e-5b6c-4d7e-8f90-a1b2c3d4e5f6',
  name: 'Quillwright',
  vendorName: null,
  status: 'active',
};

afterEach(() => vi.unstubAllGlobals());

/** Like the app shell: the organization is always on screen, so a match refreshes it too. */
function Page() {
  useOrganization();
  return <ReviewQueue canWrite />;
}

/**
 * The queue holds `charge` until it has been matched; the match answers with `answer`. The
 * organization answers a little later than the lists, as it can in the app: the queue has
 * re-rendered without the matched charge before the match's refresh is complete.
 */
function setup(answer: unknown) {
  let matched = false;
  const api = mockApi({
    'GET /api/expenses': () =>
      matched
        ? { items: [], total: 0, totals: [], nextCursor: null }
        : {
            items: [charge],
            total: 1,
            totals: [{ currency: 'USD', amountMinor: 4_500, count: 1 }],
            nextCursor: null,
          },
    'GET /api/subscriptions': { items: [quillwright], total: 1 },
    'GET /api/organization': organizationDetail,
    [`POST /api/expenses/${charge.id}/match`]: () => {
      const failed = typeof answer === 'object' && answer !== null && '__reply' in answer;
      if (!failed) matched = true;
      return answer;
    },
  });
  const answerNow = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).startsWith('/api/organization')) await new Promise((r) => setTimeout(r, 50));
    return answerNow(input, init);
  });
  renderWithProviders(<Page />);
  return api;
}

async function matchToQuillwright() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('combobox', { name: 'Application for Inkwell Software' }));
  await user.click(
    within(screen.getByRole('listbox', { name: 'Applications' })).getByRole('option', {
      name: 'Quillwright',
    }),
  );
  await user.click(screen.getByRole('button', { name: 'Match' }));
}

// The confirmation must survive the matched row leaving the list (a regression: per-call mutate
// callbacks of an unmounted row never ran). The organization refreshes a little later, as in the app.
describe('review queue confirmation', () => {
  it('confirms a match with a toast even though the matched charge leaves the queue', async () => {
    const api = setup({
      expense: {
        ...charge,
        matchStatus: 'matched',
        matchMethod: 'manual',
        subscriptionId: quillwright.id,
        subscriptionName: 'Quillwright',
      },
      rule: null,
      appliedCount: 2,
    });
    await matchToQuillwright();

    expect(await screen.findByText('All caught up')).toBeInTheDocument();
    expect(screen.queryByTestId('queue-item')).not.toBeInTheDocument();
    // The toast's text may also sit in its live region.
    expect((await screen.findAllByText('Matched to Quillwright')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('2 more from this merchant matched too.').length).toBeGreaterThan(0);
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      subscriptionId: quillwright.id,
      learn: true,
    });
  });
});
