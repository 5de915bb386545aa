// @vitest-environment jsdom
import '@/test/dom';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Discovery } from '@common/contracts/expenses';
import { useOrganization } from '@/lib/organizations/get-organization';
import { organizationDetail } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { DiscoveriesPanel } from './discoveries-panel';

const discovery: Discovery = {
  merchantKey: 'INKWELL SOFTWARE',
  name: 'Inkwell Software',
  vendorName: 'Inkwell Software',
  catalogSlug: null,
  billingCycle: 'monthly',
  amountMinor: 4_500,
  currency: 'USD',
  occurrences: 3,
  firstDate: '2026-01-14',
  lastDate: '2026-03-14',
  totalMinor: 13_500,
  sampleMerchant: 'FS *INKWELL SOFTWARE',
};

afterEach(() => vi.unstubAllGlobals());

/** Like the app shell: the organization is always on screen, so accepting refreshes it too. */
function Page() {
  useOrganization();
  return <DiscoveriesPanel canWrite />;
}

describe('discoveries panel confirmation', () => {
  it('confirms an accepted discovery with a toast even though its card leaves the list', async () => {
    let accepted = false;
    mockApi({
      'GET /api/expenses/discoveries': () => (accepted ? [] : [discovery]),
      'GET /api/organization': organizationDetail,
      'POST /api/expenses/discoveries/accept': () => {
        accepted = true;
        return { subscriptionId: 's1', matched: 3 };
      },
    });
    // The organization answers a little later than the list, as it can in the app: the card is
    // gone before the refresh that follows accepting is complete.
    const answerNow = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).startsWith('/api/organization')) await new Promise((r) => setTimeout(r, 50));
      return answerNow(input, init);
    });
    renderWithProviders(<Page />);

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Add application' }));

    expect(await screen.findByText('No unregistered tools found')).toBeInTheDocument();
    // The toast's text may also sit in its live region.
    expect(
      (await screen.findAllByText('Inkwell Software added to your applications')).length,
    ).toBeGreaterThan(0);
    expect(screen.getAllByText('3 charges matched.').length).toBeGreaterThan(0);
  });
});
