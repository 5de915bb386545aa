// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NegotiationPack } from '@common/contracts/benchmarks';
import { organization } from '@/test/fixtures';
import { mockApi, reply } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { NegotiationPackPage } from './negotiation-pack-page';

afterEach(() => vi.unstubAllGlobals());

const pack: NegotiationPack = {
  subscriptionId: 's1',
  name: 'Slack',
  vendorName: 'Salesforce',
  generatedAt: '2026-03-10T08:00:00.000Z',
  currency: 'USD',
  terms: {
    renewalDate: '2026-04-09',
    cancelByDate: '2026-03-10',
    daysToCancelBy: 0,
    noticePeriodDays: 30,
    autoRenew: true,
    billingCycle: 'monthly',
    yearlyCostMinor: 240_000,
    contractEndDate: null,
  },
  priceHistory: [
    {
      effectiveDate: '2026-01-01',
      amountMinor: 20_000,
      unitPriceMinor: 1_000,
      seats: 20,
      billingCycle: 'monthly',
      monthlyMinor: 20_000,
      currency: 'USD',
    },
  ],
  seats: { bought: 20, assigned: 10, activeUsers: 6, activeWindowDays: 30, hasUsageData: true },
  benchmark: {
    subscriptionId: 's1',
    name: 'Slack',
    catalogSlug: 'slack',
    prices: [],
    selected: true,
    offers: [],
  },
  opportunities: [
    { id: 'o1', title: '4 idle Slack seats', annualMinor: 432_000, countedMinor: 432_000, currency: 'USD', state: 'new' },
  ],
  target: {
    seats: 7,
    perMonthMinor: 875,
    yearlyMinor: 73_500,
    savingYearlyMinor: 166_500,
    reasoning: ['6 of 20 bought seats were active in the last 30 days.', 'Aim for $8.75 per seat per month.'],
  },
  levers: [{ kind: 'right_size', text: 'Renew 7 seats instead of 20: 13 fewer.' }],
  competitors: [
    {
      catalogSlug: 'microsoft-teams',
      name: 'Microsoft Teams',
      plan: 'Essentials',
      unit: 'user',
      listPerMonthMinor: 400,
      currency: 'USD',
    },
  ],
  email: {
    subject: 'Slack renewal: revised terms before Mar 10, 2026',
    body: 'Hello Salesforce team,\n\nBest regards,',
  },
};

function render(answer: unknown = pack) {
  const api = mockApi({ 'GET /api/organizations': [organization], 'GET /api/renewals/s1/pack': answer });
  renderRoutes(
    [{ path: '/app/renewals/:id/pack', element: <NegotiationPackPage /> }],
    '/app/renewals/s1/pack',
  );
  return api;
}

describe('/app/renewals/:id/pack', () => {
  it('shows the terms, seats, target with its reasoning, levers, opportunities and downloads', async () => {
    render();
    expect(await screen.findByRole('heading', { name: 'Slack: negotiation pack' })).toBeInTheDocument();
    expect(screen.getByText(/renews Apr 9, 2026 · cancel by Mar 10, 2026/)).toBeInTheDocument();
    expect(screen.getByText('$2,400.00')).toBeInTheDocument(); // annual cost
    expect(screen.getByText('$735.00')).toBeInTheDocument(); // target per year
    expect(screen.getByText('$1,665.00')).toBeInTheDocument(); // saving per year
    expect(within(screen.getByRole('list', { name: 'Reasoning' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Renew 7 seats instead of 20: 13 fewer.')).toBeInTheDocument();
    expect(screen.getByText('$4.00 per seat / month')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '4 idle Slack seats' })).toHaveAttribute(
      'href',
      '/app/insights/o1',
    );
    expect(screen.getByRole('link', { name: /Download PDF/ })).toHaveAttribute(
      'href',
      '/api/renewals/s1/pack?format=pdf',
    );
    expect(screen.getByRole('link', { name: /Download Markdown/ })).toHaveAttribute(
      'href',
      '/api/renewals/s1/pack?format=md',
    );
    expect(screen.getByRole('link', { name: 'Renewals' })).toHaveAttribute('href', '/app/renewals');
  });

  it('lets the user edit the draft e-mail and copy what they wrote', async () => {
    render();
    const u = userEvent.setup();
    const body = await screen.findByLabelText('Message');
    expect(body).toHaveValue('Hello Salesforce team,\n\nBest regards,');
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await u.clear(body);
    await u.type(body, 'Hi Dana');
    await u.click(screen.getByRole('button', { name: 'Copy e-mail' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(
        'Subject: Slack renewal: revised terms before Mar 10, 2026\n\nHi Dana',
      ),
    );
  });

  it('says so when the application does not exist', async () => {
    render(reply(404, { message: 'Application not found', code: 'not_found' }));
    expect(await screen.findByText('This application does not exist.')).toBeInTheDocument();
  });
});
