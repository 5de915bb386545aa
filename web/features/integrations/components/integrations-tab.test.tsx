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
import { mockApi, type MockApi, reply } from '@/test/mock-api';
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
      auth: 'oauth',
      configured: true,
      connection: {
        id: '00000000-0000-4000-8000-000000000001',
        status: 'connected',
        accountEmail: null,
        siteUrl: null,
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
    {
      provider: 'google_workspace',
      label: 'Google Workspace',
      auth: 'oauth',
      configured: true,
      connection: null,
    },
    { provider: 'entra_id', label: 'Microsoft Entra ID', auth: 'oauth', configured: false, connection: null },
    { provider: 'okta', label: 'Okta', auth: 'api_token', configured: true, connection: null },
    { provider: 'slack', label: 'Slack', auth: 'oauth', configured: true, connection: null },
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
    expect(within(card).getByTestId('connector-last-run')).toHaveTextContent('2 new applications discovered');
    await user.click(within(card).getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(posted('/api/connectors/google_workspace/sync')).toBe(1));

    const row = (await screen.findByText('Slack')).closest('tr')!;
    expect(within(row).getByText('14')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(posted('/api/connectors/discovered/00000000-0000-4000-8000-000000000010/add')).toBe(1),
    );
  });

  it('offers Connect before the first connection; an unconfigured OAuth provider names its settings', async () => {
    serve(NOT_CONNECTED);
    renderTab();
    const google = await screen.findByLabelText('Google Workspace');
    expect(within(google).getByRole('button', { name: 'Connect' })).toBeEnabled();
    const entra = screen.getByLabelText('Microsoft Entra ID');
    expect(within(entra).getByRole('button', { name: 'Connect' })).toBeDisabled();
    expect(entra).toHaveTextContent('MICROSOFT_OAUTH_CLIENT_ID');
  });

  it('connects Okta with its domain and an API token; a refused token is the field’s message', async () => {
    let attempts = 0;
    api = mockApi({
      ...session('owner', 'pro'),
      'GET /api/connectors': NOT_CONNECTED,
      'GET /api/connectors/discovered?status=new': { apps: [] },
      'POST /api/connectors/okta/token': () => {
        attempts += 1;
        return attempts === 1
          ? reply(400, {
              code: 'validation_error',
              message: 'Okta refused this API token (invalid, expired or revoked).',
            })
          : reply(201, { connected: true, siteUrl: 'https://acme.okta.com' });
      },
    });
    const { user } = renderTab();
    const card = await screen.findByLabelText('Okta');
    await user.click(within(card).getByRole('button', { name: 'Connect' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByText('Enter your Okta domain')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Okta domain'), 'acme.okta.com');
    await user.type(within(dialog).getByLabelText('API token'), '00abcdefghijklmnop');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByText(/Okta refused this API token/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = api.calls.filter((c) => c.path === '/api/connectors/okta/token');
    expect(sent).toHaveLength(2);
    expect(sent[1].body).toMatchObject({
      domain: 'acme.okta.com',
      method: 'api_token',
      token: '00abcdefghijklmnop',
    });
  });

  it('connects Okta through an OAuth service app with its client ID and private key', async () => {
    api = mockApi({
      ...session('owner', 'pro'),
      'GET /api/connectors': NOT_CONNECTED,
      'GET /api/connectors/discovered?status=new': { apps: [] },
      'POST /api/connectors/okta/token': () =>
        reply(201, { connected: true, siteUrl: 'https://acme.okta.com' }),
    });
    const { user } = renderTab();
    const card = await screen.findByLabelText('Okta');
    await user.click(within(card).getByRole('button', { name: 'Connect' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Okta domain'), 'acme.okta.com');
    await user.selectOptions(within(dialog).getByLabelText('Connect with'), 'service_app');
    expect(within(dialog).queryByLabelText('API token')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByText('Enter the client ID')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Client ID'), '0oa1service');
    await user.type(within(dialog).getByLabelText('Private key'), 'PEM-TEXT');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = api.calls.filter((c) => c.path === '/api/connectors/okta/token');
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatchObject({
      domain: 'acme.okta.com',
      method: 'service_app',
      clientId: '0oa1service',
      privateKey: 'PEM-TEXT',
    });
  });

  it('says an attempt failed and will be retried; a server without the client offers no Sync now', async () => {
    const [google] = CONNECTED.connectors;
    const retrying = {
      ...google.connection!,
      lastRun: {
        ...google.connection!.lastRun!,
        status: 'running' as const,
        finishedAt: null,
        error: 'HTTP 500',
      },
    };
    serve({ connectors: [{ ...google, configured: false, connection: retrying }] });
    renderTab();
    const card = await screen.findByLabelText('Google Workspace');
    expect(within(card).getByTestId('connector-last-run')).toHaveTextContent(
      'An attempt failed (HTTP 500); the sync retries from where it stopped.',
    );
    expect(within(card).getByRole('button', { name: 'Sync now' })).toBeDisabled();
  });

  it('offers Slack with what it brings', async () => {
    serve(NOT_CONNECTED);
    renderTab();
    for (const label of ['Google Workspace', 'Slack']) {
      const card = await screen.findByLabelText(label);
      expect(within(card).getByRole('button', { name: 'Connect' })).toBeInTheDocument();
    }
    expect(within(screen.getByLabelText('Slack')).getByText(/billable members/)).toBeInTheDocument();
  });

  it('lists QuickBooks Online and Xero with Connect, and an accounting run counts expenses', async () => {
    const quickbooks = CONNECTED.connectors[0].connection!;
    serve({
      connectors: [
        {
          provider: 'quickbooks',
          auth: 'oauth',
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
        { provider: 'xero', label: 'Xero', auth: 'oauth', configured: false, connection: null },
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
