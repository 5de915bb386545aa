// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionBenchmark } from '@common/contracts/benchmarks';
import type { PlanId } from '@common/plans';
import type { Role } from '@common/roles';
import { WithUpgradeDialogs } from '@/test/upgrade-dialogs';
import { session } from '@/test/fixtures';
import { mockApi, reply } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { benchmark, entry, list, offer, peer, price, SUB_ID } from '../test/fixtures';
import { BenchmarkCard } from './benchmark-card';

afterEach(() => vi.unstubAllGlobals());

function renderCard(
  answer: SubscriptionBenchmark,
  role: Role,
  plan: PlanId,
  extra: Record<string, unknown> = {},
) {
  const api = mockApi({ ...session(role, plan), [`GET /api/benchmarks/${SUB_ID}`]: answer, ...extra });
  const user = userEvent.setup();
  renderWithProviders(
    // Inside the app, the shell's UpgradeProvider opens the upgrade dialog on plan_limit.
    <WithUpgradeDialogs>
      <BenchmarkCard subscriptionId={SUB_ID} />
    </WithUpgradeDialogs>,
  );
  return { api, user, card: () => screen.getByTestId('benchmark-card') };
}

describe('benchmark card: list price', () => {
  it('compares our per-seat price with both list prices, says which one, by how much and how it was checked', async () => {
    const { card } = renderCard(benchmark(), 'owner', 'pro');
    const comparison = await screen.findByTestId('list-comparison');
    expect(within(card()).getByText('$14.75 per seat per month')).toBeInTheDocument();
    expect(within(card()).getByText('20 seats · annual terms · $3,540.00 per year')).toBeInTheDocument();
    expect(within(comparison).getByText('List price · Pro')).toBeInTheDocument();
    expect(within(comparison).getByText('+18% vs list')).toBeInTheDocument();
    expect(within(comparison).getByText('$15.00 per seat per month')).toBeInTheDocument();
    expect(within(comparison).getByText('$12.50 per seat per month')).toBeInTheDocument();
    expect(within(comparison).getByText('(compared)').closest('dt')).toHaveTextContent('Billed annually');
    expect(
      within(comparison).getByText('You pay 18% more than the annual list price: $540.00 more per year.'),
    ).toBeInTheDocument();
    expect(within(comparison).getByText('Observed on Nov 20, 2026 (vendor.example/pricing).')).toBeInTheDocument();
    expect(
      within(comparison).getByText('List price, USD, observed 2026-11-20 on slack.com/pricing'),
    ).toBeInTheDocument();
    expect(within(comparison).queryByText(/Unconfirmed/)).not.toBeInTheDocument();
  });

  it('a flat price below list, converted and unconfirmed, on a plan the tier name did not match', async () => {
    const monthly = {
      period: 'month' as const,
      perMonthMinor: 50_000,
      currency: 'USD',
      sourceAmountMinor: 46_000,
      sourceCurrency: 'EUR',
      converted: true,
      rateDate: '2026-11-26',
      source: 'https://vendor.example/pricing',
      observedOn: '2026-11-02',
      checkedOn: '2026-11-02',
      stale: false,
      confirmed: false,
    };
    const answer = benchmark({
      prices: [
        entry({
          price: price({
            unit: 'flat',
            perMonthMinor: 47_500,
            seats: null,
            term: 'monthly',
            yearlyMinor: 570_000,
          }),
          list: list({
            plan: 'Business',
            planMatched: false,
            unit: 'flat',
            monthly,
            annual: null,
            comparedWith: 'month',
            differencePercent: -5,
            differenceYearlyMinor: -30_000,
          }),
        }),
      ],
    });
    renderCard(answer, 'owner', 'pro');
    const comparison = await screen.findByTestId('list-comparison');
    expect(within(comparison).getByText('−5% vs list')).toBeInTheDocument();
    expect(
      within(comparison).getByText('You pay 5% less than the monthly list price: $300.00 less per year.'),
    ).toBeInTheDocument();
    expect(
      within(comparison).getByText(/^Unconfirmed: its source did not confirm/),
    ).toBeInTheDocument();
    expect(
      within(comparison).getByText('Converted from €460.00 per month at the reference rate of Nov 26, 2026.'),
    ).toBeInTheDocument();
    expect(
      within(comparison).getByText(
        'No catalogue plan is named like this tier; compared with Business, the first paid plan.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('$475.00 per month')).toBeInTheDocument();
  });

  it('at the list price, says so', async () => {
    renderCard(
      benchmark({ prices: [entry({ list: list({ differencePercent: 0, differenceYearlyMinor: 0 }) })] }),
      'owner',
      'pro',
    );
    const comparison = await screen.findByTestId('list-comparison');
    expect(within(comparison).getByText('At list price')).toBeInTheDocument();
    expect(within(comparison).getByText('You pay the annual list price.')).toBeInTheDocument();
  });

  it.each([
    ['not_in_catalog', /not linked to the catalogue, so there is no list price/],
    ['no_list_price', /no confirmed per-seat or flat list price/],
    ['stale_list_price', /list price for this plan is stale: .*more than 12 months ago or shows no date/],
    ['no_price', /no per-seat or flat price to compare/],
  ] as const)('explains %s in plain words', async (reason, text) => {
    renderCard(benchmark({ prices: [entry({ list: null, listUnavailable: reason })] }), 'owner', 'pro');
    expect(await screen.findByTestId(`list-unavailable-${reason}`)).toHaveTextContent(text);
    expect(screen.queryByTestId('list-comparison')).not.toBeInTheDocument();
  });

  it('says a reason every tier shares once, and a per-tier reason under its tier', async () => {
    const answer = benchmark({
      prices: [
        entry({ price: price({ tierId: 't1', tierName: 'Pro' }), peerUnavailable: 'plan' }),
        entry({
          price: price({ tierId: 't2', tierName: 'Enterprise Grid' }),
          list: null,
          listUnavailable: 'no_list_price',
          peerUnavailable: 'plan',
        }),
      ],
    });
    renderCard(answer, 'owner', 'pro');
    const grid = await screen.findByRole('region', { name: 'Enterprise Grid' });
    expect(within(grid).getByTestId('list-unavailable-no_list_price')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Pro' })).getByTestId('list-comparison'),
    ).toBeInTheDocument();
    expect(screen.getAllByTestId('peer-unavailable-plan')).toHaveLength(1);
  });

  it('says when the benchmark could not be loaded', async () => {
    mockApi({
      ...session('owner', 'pro'),
      [`GET /api/benchmarks/${SUB_ID}`]: reply(500, { message: 'boom' }),
    });
    renderWithProviders(<BenchmarkCard subscriptionId={SUB_ID} />);
    expect(await screen.findByText(/Benchmarks could not be loaded/)).toBeInTheDocument();
  });
});

describe('benchmark card: peers', () => {
  it('Scale: p25, median and p75 on a range bar with where we fall and the sample size', async () => {
    renderCard(benchmark({ prices: [entry({ peer: peer(), peerUnavailable: null })] }), 'owner', 'scale');
    const range = await screen.findByTestId('peer-range');
    expect(within(range).getByText('What peers pay · 11–50 seats, annual terms')).toBeInTheDocument();
    expect(within(range).getByText('7 organizations')).toBeInTheDocument();
    expect(within(range).getByText('25th percentile').nextSibling).toHaveTextContent('$11.00');
    expect(within(range).getByText('Median').nextSibling).toHaveTextContent('$12.50');
    expect(within(range).getByText('75th percentile').nextSibling).toHaveTextContent('$14.00');
    expect(
      within(range).getByRole('img', {
        name: 'Peers pay $11.00 to $14.00 (median $12.50); you pay $14.75.',
      }),
    ).toBeInTheDocument();
    expect(range).toHaveTextContent(
      'You pay $14.75 per seat per month, the 82nd percentile: more than 82% of these organizations pay.',
    );
  });

  it('Growth: peer data is Scale, and the upgrade button opens the upgrade dialog for Scale', async () => {
    const { user } = renderCard(benchmark(), 'owner', 'pro', {
      'GET /api/plans': { checkoutConfigured: false, plans: [] },
    });
    const note = await screen.findByTestId('peer-unavailable-plan');
    expect(note).toHaveTextContent('part of the Scale plan');
    await user.click(within(note).getByRole('button', { name: 'Upgrade to Scale' }));
    expect(await screen.findByRole('heading', { name: 'Upgrade to Scale' })).toBeInTheDocument();
  });

  it('opted out: says peer data is hidden too and links to the setting', async () => {
    renderCard(benchmark({ prices: [entry({ peerUnavailable: 'opted_out' })] }), 'owner', 'scale');
    const note = await screen.findByTestId('peer-unavailable-opted_out');
    expect(note).toHaveTextContent('also hides what peers pay');
    expect(within(note).getByRole('link', { name: 'Change peer sharing in Settings' })).toHaveAttribute(
      'href',
      '/app/settings/organization',
    );
  });

  it.each([
    [
      'too_few_organizations',
      /Fewer than 5 organizations pay for this application in this seat band and term/,
    ],
    ['installation_too_small', /This installation has too few organizations for peer benchmarks yet/],
  ] as const)('explains %s', async (reason, text) => {
    renderCard(benchmark({ prices: [entry({ peerUnavailable: reason })] }), 'owner', 'scale');
    expect(await screen.findByTestId(`peer-unavailable-${reason}`)).toHaveTextContent(text);
  });

  it('a reason shared with the list (not in the catalogue) is said once', async () => {
    const answer = benchmark({
      catalogSlug: null,
      prices: [entry({ list: null, listUnavailable: 'not_in_catalog', peerUnavailable: 'not_in_catalog' })],
    });
    renderCard(answer, 'owner', 'scale');
    expect(await screen.findByTestId('list-unavailable-not_in_catalog')).toBeInTheDocument();
    expect(screen.queryByTestId('peer-unavailable-not_in_catalog')).not.toBeInTheDocument();
  });
});

describe('benchmark card: group offers (Scale)', () => {
  it('requests an offer and then shows it requested', async () => {
    let requestedAt: string | null = null;
    const { api, user } = renderCard(benchmark(), 'member', 'scale', {
      [`GET /api/benchmarks/${SUB_ID}`]: () =>
        benchmark({
          offers: [offer({ requestedAt })],
          prices: [entry({ peer: peer(), peerUnavailable: null })],
        }),
      'POST /api/benchmarks/offers/offer-1/request': () => {
        requestedAt = '2026-11-27T08:00:00.000Z';
        return reply(204);
      },
    });
    const row = await screen.findByTestId('offer-offer-1');
    expect(row).toHaveTextContent('Slack Pro for Stackwise customers');
    expect(row).toHaveTextContent('15% off · until Mar 31, 2027');
    expect(row).toHaveTextContent('Annual commitment, 10 seats or more.');
    await user.click(within(row).getByRole('button', { name: 'Request offer' }));
    expect(await within(row).findByText(/Requested Nov 27, 2026/)).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Request offer' })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/benchmarks/offers/offer-1/request',
    ]);
  });

  it('viewers see offers but cannot request them', async () => {
    renderCard(benchmark({ offers: [offer()] }), 'viewer', 'scale');
    const row = await screen.findByTestId('offer-offer-1');
    expect(within(row).getByRole('button', { name: 'Request offer' })).toBeDisabled();
    expect(row).toHaveTextContent('Viewers have read-only access.');
  });
});

describe('benchmark card: Starter benchmark tools', () => {
  const A = '22222222-2222-4222-8222-222222222222';
  const B = '33333333-3333-4333-8333-333333333333';
  const C = '44444444-4444-4444-8444-444444444444';
  const unselected = () =>
    benchmark({
      selected: false,
      prices: [entry({ list: null, listUnavailable: 'not_selected', peerUnavailable: 'plan' })],
    });

  it('uses one of the 3 benchmark tools: PUTs the selection with this application added', async () => {
    let selected = false;
    const { api, user } = renderCard(unselected(), 'owner', 'starter', {
      [`GET /api/benchmarks/${SUB_ID}`]: () => (selected ? benchmark() : unselected()),
      'GET /api/benchmarks/selection': () => ({
        subscriptionIds: selected ? [A, B, SUB_ID] : [A, B],
        limit: 3,
      }),
      'PUT /api/benchmarks/selection': ({ body }: { body: { subscriptionIds: string[] } }) => {
        selected = true;
        return { subscriptionIds: body.subscriptionIds, limit: 3 };
      },
    });
    const picker = await screen.findByTestId('select-benchmark-tool');
    await waitFor(() => expect(picker).toHaveTextContent('You use 2 of 3.'));
    await user.click(within(picker).getByRole('button', { name: 'Use one of your 3 benchmark tools' }));
    expect(await screen.findByTestId('list-comparison')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ subscriptionIds: [A, B, SUB_ID] });
    // A selected application can give its tool back.
    expect(
      await screen.findByRole('button', { name: 'Stop benchmarking this application' }),
    ).toBeInTheDocument();
  });

  it('the 4th answers 403 plan_limit: the upgrade dialog opens with why, nothing changes', async () => {
    const { api, user } = renderCard(unselected(), 'owner', 'starter', {
      'GET /api/plans': { checkoutConfigured: false, plans: [] },
      'GET /api/benchmarks/selection': { subscriptionIds: [A, B, C], limit: 3 },
      'PUT /api/benchmarks/selection': reply(403, {
        message: 'Starter includes 3 benchmark tools.',
        code: 'plan_limit',
        kind: 'benchmarkTools',
        limit: 3,
        current: 3,
        plan: 'starter',
        requiredPlan: 'pro',
      }),
    });
    const picker = await screen.findByTestId('select-benchmark-tool');
    await waitFor(() => expect(picker).toHaveTextContent('You use 3 of 3.'));
    await user.click(within(picker).getByRole('button', { name: 'Use one of your 3 benchmark tools' }));
    expect(await screen.findByRole('heading', { name: 'Upgrade to Growth' })).toBeInTheDocument();
    expect(screen.getByText('You have 3 of 3 benchmark tools on Starter')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(screen.getByTestId('select-benchmark-tool')).toBeInTheDocument();
  });

  it('viewers cannot change the selection', async () => {
    renderCard(unselected(), 'viewer', 'starter', {
      'GET /api/benchmarks/selection': { subscriptionIds: [], limit: 3 },
    });
    const picker = await screen.findByTestId('select-benchmark-tool');
    await waitFor(() => expect(picker).toHaveTextContent('You use 0 of 3.'));
    expect(within(picker).getByRole('button', { name: 'Use one of your 3 benchmark tools' })).toBeDisabled();
    expect(picker).toHaveTextContent('Viewers have read-only access.');
  });
});
