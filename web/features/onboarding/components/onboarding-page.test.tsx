// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@common/contracts/auth';
import { organizationDetail, user } from '@/test/fixtures';
import { mockApi, reply, type MockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { OnboardingPage } from './onboarding-page';

afterEach(() => vi.unstubAllGlobals());

function serve(phase: User['onboardingPhase'], extra: Record<string, unknown> = {}): MockApi {
  let current: User = { ...user, onboardingPhase: phase };
  const next: Record<string, User['onboardingPhase']> = {
    profile: 'workspace',
    workspace: 'apps',
    apps: 'completed',
  };
  return mockApi({
    'GET /api/auth/user': () => current,
    'PATCH /api/onboarding': ({ body }: { body: { step: string } }) => {
      current = { ...current, onboardingPhase: next[body.step] };
      return current;
    },
    ...extra,
  });
}

function renderOnboarding() {
  return renderRoutes(
    [
      { path: '/onboarding', element: <OnboardingPage /> },
      { path: '/app', element: <p>Dashboard screen</p> },
    ],
    '/onboarding',
  );
}

describe('/onboarding', () => {
  it('walks profile → workspace → apps with a progress indicator, then lands on /app', async () => {
    const api = serve('profile', { 'POST /api/subscriptions': { id: 's1', name: 'Slack' } });
    const u = userEvent.setup();
    const { router } = renderOnboarding();

    expect(await screen.findByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Maya');
    await u.clear(screen.getByLabelText('First name'));
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    await u.type(screen.getByLabelText('First name'), 'Maya');
    await u.clear(screen.getByLabelText('Job title'));
    await u.type(screen.getByLabelText('Job title'), 'Controller');
    await u.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Step 2 of 3')).toBeInTheDocument();
    await u.type(screen.getByLabelText('Company name'), 'Northwind Labs');
    await u.selectOptions(screen.getByLabelText('Currency'), 'GBP');
    await u.selectOptions(screen.getByLabelText('Fiscal year starts in'), 'April');
    await u.click(screen.getByRole('radio', { name: '51-200' }));
    await u.click(screen.getByRole('button', { name: 'Create workspace' }));

    expect(await screen.findByText('Step 3 of 3')).toBeInTheDocument();
    await u.type(screen.getByLabelText('Application name'), 'Slack{Enter}');
    await u.type(screen.getByLabelText('Application name'), 'slack{Enter}');
    expect(await screen.findByText('slack is already in the list')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Add 1 and finish' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    const patches = api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body);
    expect(patches).toEqual([
      { step: 'profile', firstName: 'Maya', lastName: 'Chen', jobTitle: 'Controller' },
      {
        step: 'workspace',
        organizationName: 'Northwind Labs',
        currency: 'GBP',
        fiscalYearStartMonth: 4,
        companySize: '51-200',
      },
      { step: 'apps' },
    ]);
    expect(api.calls.find((c) => c.method === 'POST' && c.path === '/api/subscriptions')?.body).toEqual({
      name: 'Slack',
    });
  });

  it('finishes even when the applications endpoint does not exist yet (404)', async () => {
    serve('apps');
    const u = userEvent.setup();
    const { router } = renderOnboarding();
    await u.type(await screen.findByLabelText('Application name'), 'Notion{Enter}');
    await u.click(screen.getByRole('button', { name: 'Add 1 and finish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
  });

  it('hides "Load demo data" when the demo endpoint answers 404', async () => {
    serve('apps', {
      'POST /api/demo': reply(404, { message: 'Route POST /api/demo not found', code: 'not_found' }),
    });
    const u = userEvent.setup();
    renderOnboarding();
    await u.click(await screen.findByRole('button', { name: 'Load demo data' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Load demo data' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Skip for now' })).toBeEnabled();
  });

  it('loads demo data and finishes when the endpoint exists', async () => {
    const api = serve('apps', { 'POST /api/demo': { ok: true } });
    const u = userEvent.setup();
    const { router } = renderOnboarding();
    await u.click(await screen.findByRole('button', { name: 'Load demo data' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(api.calls.some((c) => c.method === 'PATCH' && (c.body as { step: string }).step === 'apps')).toBe(
      true,
    );
  });

  it('suggests applications from the catalogue and creates a pick pre-filled', async () => {
    const api = serve('apps', {
      'GET /api/catalog': {
        items: [
          {
            slug: 'google-workspace',
            name: 'Google Workspace',
            vendor: 'Google',
            domain: 'google.com',
            category: 'Productivity',
            description: '',
            aliases: [],
            prices: [],
            icon: null,
            initials: 'GW',
            logoUrl: null,
          },
        ],
      },
      'POST /api/subscriptions': { id: 's1' },
    });
    const u = userEvent.setup();
    const { router } = renderOnboarding();
    await u.type(await screen.findByLabelText('Application name'), 'gogle work');
    const fromCatalogue = await screen.findByRole('list', { name: 'From the catalogue' });
    await u.click(within(fromCatalogue).getByRole('button', { name: /Google Workspace/ }));
    expect(api.calls.some((c) => c.path.startsWith('/api/catalog?q=gogle'))).toBe(true);
    await u.click(screen.getByRole('button', { name: 'Add 1 and finish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(api.calls.find((c) => c.method === 'POST' && c.path === '/api/subscriptions')?.body).toEqual({
      name: 'Google Workspace',
      catalogSlug: 'google-workspace',
    });
  });

  it('offers popular picks from the catalogue with their list price; seats and price reach the server', async () => {
    const slack = {
      slug: 'slack',
      name: 'Slack',
      vendor: 'Salesforce',
      domain: 'slack.com',
      category: 'Communication',
      description: '',
      aliases: [],
      prices: [{ plan: 'Pro', unit: 'user', period: 'month', amountMinor: 875, currency: 'USD' }],
      icon: null,
      initials: 'S',
      logoUrl: null,
    };
    const zoom = {
      ...slack,
      slug: 'zoom',
      name: 'Zoom',
      prices: [{ plan: 'Pro', unit: 'flat', period: 'year', amountMinor: 14_990, currency: 'USD' }],
    };
    const api = serve('apps', {
      'GET /api/organization': organizationDetail,
      'GET /api/catalog': { items: [slack, zoom] },
      'POST /api/subscriptions': { id: 's1' },
    });
    const u = userEvent.setup();
    const { router } = renderOnboarding();
    await u.click(await screen.findByRole('button', { name: '+ Slack' }));
    await u.click(screen.getByRole('button', { name: '+ Zoom' }));
    expect(screen.queryByRole('button', { name: '+ Slack' })).not.toBeInTheDocument();
    const slackRow = within(screen.getByRole('listitem', { name: 'Slack' }));
    expect(slackRow.getByText('List price $8.75 per seat a month')).toBeInTheDocument();
    expect(slackRow.getByLabelText('Per seat a month (USD)')).toHaveValue('8.75');
    await u.clear(slackRow.getByLabelText('Seats'));
    await u.type(slackRow.getByLabelText('Seats'), 'forty');
    await u.click(screen.getByRole('button', { name: 'Add 2 and finish' }));
    expect(await slackRow.findByText('Seats must be a whole number, at least 1')).toBeInTheDocument();
    await u.clear(slackRow.getByLabelText('Seats'));
    await u.type(slackRow.getByLabelText('Seats'), '40');
    expect(slackRow.getByText('40 seats × $8.75 = $350.00 a month')).toBeInTheDocument();
    const zoomRow = within(screen.getByRole('listitem', { name: 'Zoom' }));
    expect(zoomRow.getByLabelText('Cost a year (USD)')).toHaveValue('149.90');
    await u.click(screen.getByRole('button', { name: 'Add 2 and finish' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    const bodies = api.calls.filter((c) => c.method === 'POST' && c.path === '/api/subscriptions').map((c) => c.body);
    expect(bodies).toEqual([
      {
        name: 'Slack',
        catalogSlug: 'slack',
        seats: 40,
        currency: 'USD',
        billingCycle: 'monthly',
        pricingModel: 'per-seat',
        unitPriceMinor: 875,
      },
      {
        name: 'Zoom',
        catalogSlug: 'zoom',
        currency: 'USD',
        billingCycle: 'annual',
        pricingModel: 'flat',
        amountMinor: 14_990,
      },
    ]);
  });

  it('asks for the price in the organization’s currency when the list price is in another', async () => {
    const api = serve('apps', {
      'GET /api/organization': { ...organizationDetail, currency: 'EUR' },
      'GET /api/catalog': {
        items: [
          {
            slug: 'notion',
            name: 'Notion',
            vendor: 'Notion Labs',
            domain: 'notion.so',
            category: 'Productivity',
            description: '',
            aliases: [],
            prices: [{ plan: 'Plus', unit: 'user', period: 'month', amountMinor: 1_200, currency: 'USD' }],
            icon: null,
            initials: 'N',
            logoUrl: null,
          },
        ],
      },
      'POST /api/subscriptions': { id: 's1' },
    });
    const u = userEvent.setup();
    const { router } = renderOnboarding();
    await u.click(await screen.findByRole('button', { name: '+ Notion' }));
    const row = within(screen.getByRole('listitem', { name: 'Notion' }));
    expect(row.getByText('List price $12.00 per seat a month')).toBeInTheDocument();
    const price = await row.findByLabelText('Per seat a month (EUR)');
    expect(price).toHaveValue('');
    await u.type(price, '11,50');
    await u.click(screen.getByRole('button', { name: 'Add 1 and finish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(api.calls.find((c) => c.method === 'POST' && c.path === '/api/subscriptions')?.body).toMatchObject({
      name: 'Notion',
      currency: 'EUR',
      seats: 1,
      unitPriceMinor: 1_150,
    });
  });
});
