// @vitest-environment jsdom
import '@/test/dom';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/routes-app';
import { mockApi, reply, type MockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { list, session, summary } from '../test/fixtures';

let api: MockApi;
afterEach(() => vi.unstubAllGlobals());

function serve(plan: 'starter' | 'pro') {
  api = mockApi({
    ...session('owner', plan),
    'GET /api/notifications/count': { count: 0 },
    'GET /api/notifications': [],
    // As the server answers Starter (spec §6).
    'GET /api/insights':
      plan === 'starter' ? reply(403, { message: 'Upgrade', code: 'plan_required' }) : list([]),
    'GET /api/insights/summary':
      plan === 'starter' ? reply(403, { message: 'Upgrade', code: 'plan_required' }) : summary(),
  });
}

describe('the Insights and Optimize routes', () => {
  it.each(['/app/insights', '/app/optimize', '/app/insights/i1'])(
    'on Starter, %s shows the upgrade prompt and asks nothing of the API',
    async (path) => {
      serve('starter');
      renderRoutes(appRoutes, path);
      const prompt = await screen.findByTestId('upgrade-prompt', {}, { timeout: 15_000 });
      expect(prompt).toHaveTextContent(/is part of the Growth plan/);
      expect(within(prompt).getByRole('button', { name: 'Upgrade to Growth' })).toBeInTheDocument();
      expect(api.calls.filter((c) => c.path.startsWith('/api/insights'))).toEqual([]);
    },
  );

  it('on Growth, /app/insights shows the page', async () => {
    serve('pro');
    renderRoutes(appRoutes, '/app/insights');
    expect(await screen.findByRole('heading', { name: 'Insights' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(await screen.findByText('No savings found right now')).toBeInTheDocument();
    expect(screen.queryByTestId('upgrade-prompt')).not.toBeInTheDocument();
  });
});
