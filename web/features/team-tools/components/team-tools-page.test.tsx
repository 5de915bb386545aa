// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TeamTools } from '@common/contracts/team-tools';
import { session } from '@/test/fixtures';
import { mockApi, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { TeamToolsPage } from './team-tools-page';

let api: MockApi;
afterEach(() => vi.unstubAllGlobals());

const design: TeamTools = {
  groupBy: 'department',
  groups: [
    {
      department: 'Design',
      team: null,
      headcount: 2,
      applications: [
        {
          subscriptionId: 'a1',
          name: 'Figma',
          category: 'Design',
          seats: 2,
          yearlyCostMinor: 36_000,
          currency: 'USD',
          costPerHeadMinor: 18_000,
        },
        {
          subscriptionId: 'a2',
          name: 'Sketch',
          category: 'Design',
          seats: 1,
          yearlyCostMinor: 12_000,
          currency: 'USD',
          costPerHeadMinor: 6_000,
        },
        {
          subscriptionId: 'a3',
          name: 'Adobe CC',
          category: null,
          seats: null,
          yearlyCostMinor: 60_000,
          currency: 'USD',
          costPerHeadMinor: 30_000,
        },
      ],
      yearlyCosts: [{ currency: 'USD', amountMinor: 108_000 }],
      costPerHead: [{ currency: 'USD', amountMinor: 54_000 }],
      overlaps: [{ category: 'Design', applications: ['Figma', 'Sketch'] }],
    },
  ],
};

function serve(plan: 'starter' | 'pro') {
  api = mockApi({
    ...session('owner', plan),
    'GET /api/team-tools': ({ url }: { url: URL }) => ({
      ...design,
      groupBy: url.searchParams.get('groupBy'),
    }),
  });
}

describe('/app/team-tools', () => {
  it('shows each department with seats, cost per head and overlapping tools; switches to teams', async () => {
    serve('pro');
    const u = userEvent.setup();
    renderWithProviders(<TeamToolsPage />);
    expect(await screen.findByText('2 people · $1,080.00 a year · $540.00 per head')).toBeInTheDocument();
    expect(screen.getByText(/2 Design tools: Figma, Sketch/)).toBeInTheDocument();
    expect(screen.getByText('Whole team')).toBeInTheDocument();
    expect(screen.getByText('$180.00')).toBeInTheDocument();
    await u.click(screen.getByRole('tab', { name: 'By team' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/team-tools?groupBy=team')).toBe(true));
  });

  it('needs Growth', async () => {
    serve('starter');
    renderWithProviders(<TeamToolsPage />);
    expect(await screen.findByText('Licenses are part of Growth')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.startsWith('/api/team-tools'))).toBe(false);
  });
});
