// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiKey } from '@common/contracts/api-keys';
import { session } from '@/test/fixtures';
import { mockApi, reply } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { restoreMocksAfterEach } from '@/test/restore-mocks';
import { ApiKeysTab } from './api-keys-tab';

restoreMocksAfterEach();

const warehouse: ApiKey = {
  id: 'k1',
  name: 'Data warehouse sync',
  prefix: 'sw_live_a1b2',
  scopes: ['read'],
  expiresAt: null,
  lastUsedAt: '2026-11-27T08:00:00.000Z',
  lastUsedIp: '203.0.113.7',
  revokedAt: null,
  createdBy: { id: 'u1', name: 'Ada Lovelace' },
  createdAt: '2026-10-01T06:00:00.000Z',
};
const revoked: ApiKey = {
  ...warehouse,
  id: 'k2',
  name: 'Old script',
  scopes: ['expenses:write', 'budgets:read'],
  lastUsedAt: null,
  lastUsedIp: null,
  revokedAt: '2026-11-01T06:00:00.000Z',
};
const expired: ApiKey = { ...warehouse, id: 'k3', name: 'Pilot', expiresAt: '2026-01-01T00:00:00.000Z' };

const routes = (role: 'owner' | 'member' = 'owner', plan: 'pro' | 'scale' = 'scale') => ({
  ...session(role, plan),
  'GET /api/api-keys': [warehouse, revoked, expired],
});

describe('Settings → API', () => {
  it('lists keys with their access, creator, last use, expiry and status', async () => {
    mockApi(routes());
    renderWithProviders(<ApiKeysTab />, '/app/settings/api');
    const row = (await screen.findByText('Data warehouse sync')).closest('tr')!;
    expect(row).toHaveTextContent('sw_live_a1b2…');
    expect(row).toHaveTextContent('Read only');
    expect(row).toHaveTextContent('by Ada Lovelace');
    expect(row).toHaveTextContent('from 203.0.113.7');
    expect(row).toHaveTextContent('Active');
    const old = screen.getByText('Old script').closest('tr')!;
    expect(old).toHaveTextContent('Expenses: write');
    expect(old).toHaveTextContent('Budgets: read');
    expect(old).toHaveTextContent('Revoked');
    expect(within(old).queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
    expect(screen.getByText('Pilot').closest('tr')!).toHaveTextContent('Expired');
    expect(screen.getByRole('link', { name: /API reference/ })).toHaveAttribute('href', '/api/docs');
  });

  it('creates a custom key and shows its secret once, with a curl example', async () => {
    const api = mockApi({
      ...routes(),
      'POST /api/api-keys': ({ body }: { body: unknown }) =>
        reply(201, { ...warehouse, ...(body as object), id: 'k9', secret: 'sw_live_0123456789abcdef' }),
    });
    renderWithProviders(<ApiKeysTab />, '/app/settings/api');
    await userEvent.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Expense bot');
    await userEvent.selectOptions(within(dialog).getByLabelText('Access'), 'custom');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Expenses: write' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Budgets: read' }));
    await userEvent.selectOptions(within(dialog).getByLabelText('Expires'), 'custom');
    await userEvent.type(within(dialog).getByLabelText('Expiry date'), '2027-06-30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Copy your API key now')).toBeInTheDocument();
    expect(screen.getByTestId('api-key-secret')).toHaveTextContent('sw_live_0123456789abcdef');
    expect(screen.getByText(/curl -H "Authorization: Bearer sw_live_0123456789abcdef"/)).toHaveTextContent(
      '/api/expenses',
    );
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Expense bot',
      scopes: ['expenses:write', 'budgets:read'],
      expiresAt: '2027-06-30T23:59:59.000Z',
    });
  });

  it('asks for at least one area before sending a custom key', async () => {
    const api = mockApi(routes());
    renderWithProviders(<ApiKeysTab />, '/app/settings/api');
    await userEvent.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Nothing');
    await userEvent.selectOptions(within(dialog).getByLabelText('Access'), 'custom');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Give the key access to at least one area.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('revokes a key after confirming', async () => {
    const api = mockApi({ ...routes(), 'DELETE /api/api-keys/k1': reply(204) });
    renderWithProviders(<ApiKeysTab />, '/app/settings/api');
    const row = (await screen.findByText('Data warehouse sync')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('API key revoked')).toBeInTheDocument();
  });

  it('explains to members that only owners and admins manage keys, without asking for them', async () => {
    const api = mockApi(routes('member'));
    renderWithProviders(<ApiKeysTab />, '/app/settings/api');
    expect(await screen.findByText(/Only owners and admins can see and create API keys/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create API key' })).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/api/api-keys')).toBe(false);
  });

  it('offers the upgrade on Growth', async () => {
    mockApi(routes('owner', 'pro'));
    renderWithProviders(<ApiKeysTab />, '/app/settings/api');
    expect(await screen.findByTestId('upgrade-prompt')).toHaveTextContent(
      'API access is part of the Scale plan',
    );
  });
});
