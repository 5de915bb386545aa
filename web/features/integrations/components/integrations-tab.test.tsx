// @vitest-environment jsdom
import '@/test/dom';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConnectorsList, DiscoveredApp } from '@common/contracts/connectors';
import type { PlanId } from '@common/plans';
import type { Role } from '@common/roles';
import { dismissToast } from '@/components/ui/use-toast';
import { session } from '@/test/fixtures';
import { mockApi, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { IntegrationsTab } from './integrations-tab';

afterEach(() => vi.unstubAllGlobals());

const counts = {
  peopleCreated: 12,
  peopleUpdated: 0,
  peopleOffboarded: 1,
  events: 40,
  appsDiscovered: 2,
  seatsUpdated: 5,
  pages: 3,
  expensesImported: 0,
  expensesUpdated: 0,
  expensesRemoved: 0,
};
const CONNECTED: ConnectorsList = {
  connectors: [
    {
      provider: 'google_workspace',
      label: 'Google Workspace',
      configured: true,
      connection: {
        id: '00000000-0000-4000-8000-000000000001',
        status: 'connected',
        accountEmail: null,
        scopes: [],
        lastSyncAt: '2026-11-02T10:00:00.000Z',
        connectedAt: '2026-11-01T10:00:00.000Z',
        lastRun: {
          id: '00000000-0000-4000-8000-000000000002',
          status: 'succeeded',
          reason: 'daily',
          step: null,
          counts,
          error: null,
          startedAt: '2026-11-02T09:59:00.000Z',
          finishedAt: '2026-11-02T10:00:00.000Z',
        },
      },
    },
  ],
};
const NOT_CONNECTED: ConnectorsList = {
  connectors: [
    { provider: 'google_workspace', label: 'Google Workspace', configured: true, connection: null },
  ],
};
const SLACK: DiscoveredApp = {
  id: '00000000-0000-4000-8000-000000000010',
  provider: 'google_workspace',
  providerAppId: '1111.apps.googleusercontent.com',
  name: 'Slack',
  catalogSlug: 'slack',
  scopes: ['openid', 'https://www.googleapis.com/auth/calendar.readonly'],
  usersCount: 14,
  firstSeenAt: '2026-09-01T10:00:00.000Z',
  lastSeenAt: '2026-11-01T10:00:00.000Z',
  status: 'new',
  lowSignal: false,
  subscriptionId: null,
};

let api: MockApi;
function serve(list: ConnectorsList, role: Role = 'owner', plan: PlanId = 'pro') {
  api = mockApi({
    ...session(role, plan),
    'GET /api/connectors': list,
    'GET /api/connectors/discovered?status=new': { apps: [SLACK] },
    'POST /api/connectors/google_workspace/sync': { runQueued: true },
    'POST /api/connectors/discovered/00000000-0000-4000-8000-000000000010/add': {
      subscriptionId: '00000000-0000-4000-8000-000000000020',
      seats: 14,
    },
  });
}

const posted = (path: string) => api.calls.filter((c) => c.method === 'POST' && c.path === path).length;

function renderTab() {
  const user = userEvent.setup();
  act(() => dismissToast());
  renderWithProviders(<IntegrationsTab />, '/app/settings/integrations');
  return { user };
}

describe('Settings → Integrations', () => {
  it('shows the connection, its last run, Sync now, and the discovered applications with Add', async () => {
    serve(CONNECTED);
    const { user } = renderTab();
    const card = await screen.findByLabelText('Google Workspace');
    expect(within(card).getByText('Connected')).toBeInTheDocument();
    expect(within(card).getByTestId('connector-last-run')).toHaveTextContent('12 people synced');
    expect(within(card).getByTestId('connector-last-run')).toHaveTextContent('2 applications discovered');
    await user.click(within(card).getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(posted('/api/connectors/google_workspace/sync')).toBe(1));

    const row = (await screen.findByText('Slack')).closest('tr')!;
    expect(within(row).getByText('14')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(posted('/api/connectors/discovered/00000000-0000-4000-8000-000000000010/add')).toBe(1),
    );
  });

  it('offers Connect before the first connection', async () => {
    serve(NOT_CONNECTED);
    renderTab();
    expect(await screen.findByRole('button', { name: 'Connect' })).toBeInTheDocument();
  });

  it('lists QuickBooks Online and Xero with Connect, and an accounting run counts expenses', async () => {
    const quickbooks = CONNECTED.connectors[0].connection!;
    serve({
      connectors: [
        {
          provider: 'quickbooks',
          label: 'QuickBooks Online',
          configured: true,
          connection: {
            ...quickbooks,
            lastRun: {
              ...quickbooks.lastRun!,
              counts: { ...counts, expensesImported: 42, expensesUpdated: 1, expensesRemoved: 2 },
            },
          },
        },
        { provider: 'xero', label: 'Xero', configured: false, connection: null },
      ],
    });
    renderTab();
    const books = await screen.findByLabelText('QuickBooks Online');
    expect(within(books).getByTestId('connector-last-run')).toHaveTextContent('42 expenses imported');
    expect(within(books).getByTestId('connector-last-run')).toHaveTextContent('2 expenses removed');
    expect(within(books).getByText(/link back to QuickBooks/)).toBeInTheDocument();
    const xero = screen.getByLabelText('Xero');
    expect(within(xero).getByRole('button', { name: 'Connect' })).toBeDisabled();
    expect(within(xero).getByText(/XERO_OAUTH_CLIENT_ID/)).toBeInTheDocument();
  });

  it('members see the results but no buttons', async () => {
    serve(CONNECTED, 'member');
    renderTab();
    expect(await screen.findByText('Slack')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sync now' })).not.toBeInTheDocument();
  });
});
