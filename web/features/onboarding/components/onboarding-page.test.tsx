// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@common/contracts/auth';
import { user } from '@/test/fixtures';
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
    expect(api.calls.find((c) => c.path.startsWith('/api/catalog'))?.path).toContain('q=gogle');
    await u.click(screen.getByRole('button', { name: 'Add 1 and finish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(api.calls.find((c) => c.method === 'POST' && c.path === '/api/subscriptions')?.body).toEqual({
      name: 'Google Workspace',
      catalogSlug: 'google-workspace',
    });
  });
});
