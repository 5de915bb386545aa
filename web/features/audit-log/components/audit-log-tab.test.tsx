// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditEvent, AuditPage } from '@common/contracts/audit';
import { session } from '@/test/fixtures';
import { mockApi, reply } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { restoreMocksAfterEach } from '@/test/restore-mocks';
import { AuditLogTab } from './audit-log-tab';

restoreMocksAfterEach();

const base = {
  entityId: null,
  targetName: null,
  ip: '203.0.113.9',
  userAgent: 'Mozilla/5.0',
  actor: {
    type: 'user',
    userId: 'u2',
    name: 'Grace Hopper',
    email: 'grace@example.com',
    apiKeyId: null,
    apiKeyName: null,
    systemName: null,
  },
} as const;
const roleChange: AuditEvent = {
  ...base,
  id: 'e1',
  createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  action: 'team.member_role_change',
  label: 'Member role changed',
  category: 'team',
  entityType: 'membership',
  targetName: 'Alan Turing',
  summary: 'Role: member → admin',
};
const byKey: AuditEvent = {
  ...base,
  id: 'e2',
  createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  action: 'expense.create',
  label: 'Expense added',
  category: 'money',
  entityType: 'expense',
  summary: 'Amount: $12.00',
  actor: {
    type: 'api_key',
    userId: null,
    name: null,
    email: null,
    apiKeyId: 'k1',
    apiKeyName: 'Zapier sync',
    systemName: null,
  },
};
const byMail: AuditEvent = {
  ...byKey,
  id: 'e4',
  label: 'Application added',
  actor: { ...byKey.actor, type: 'system', apiKeyId: null, apiKeyName: null, systemName: 'inbound mail' },
};
const older: AuditEvent = { ...roleChange, id: 'e3', label: 'Signed in', action: 'auth.login', summary: '' };

const members = [
  { userId: 'u2', email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper', role: 'admin' },
];
const page = (items: AuditEvent[], nextCursor: string | null = null): AuditPage => ({ items, nextCursor });

const routes = (overrides: Record<string, unknown> = {}) => ({
  ...session('owner', 'scale'),
  'GET /api/organization/members': members,
  'GET /api/api-keys': [{ id: 'k1', name: 'Zapier sync' }],
  'GET /api/audit/settings': { retentionDays: 365 },
  'GET /api/audit': page([roleChange, byKey, byMail], 'c1'),
  'GET /api/audit?cursor=c1': page([older]),
  ...overrides,
});

describe('Settings → Audit log', () => {
  it('lists events with actor, label, target, changes and IP, and loads older ones', async () => {
    mockApi(routes());
    renderWithProviders(<AuditLogTab />, '/app/settings/audit');
    const row = (await screen.findByText('Member role changed')).closest('tr')!;
    expect(row).toHaveTextContent('2 hours ago');
    expect(row).toHaveTextContent('Grace Hopper');
    expect(row).toHaveTextContent('GH');
    expect(row).toHaveTextContent('MemberAlan Turing');
    expect(row).toHaveTextContent('Role: member → admin');
    expect(row).toHaveTextContent('203.0.113.9');
    expect(within(row).getByText('2 hours ago')).toHaveAttribute('title');
    const keyRow = screen.getByText('Expense added').closest('tr')!;
    expect(keyRow).toHaveTextContent('Zapier sync');
    expect(within(keyRow).getByLabelText('API key')).toBeInTheDocument();
    expect(screen.getByText('Application added').closest('tr')).toHaveTextContent('Stackwise · inbound mail');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Signed in')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('filters through the URL and exports with the same filters', async () => {
    const api = mockApi(routes({ 'GET /api/audit?category=team&actor=k1': page([]) }));
    const { router } = renderWithProviders(<AuditLogTab />, '/app/settings/audit');
    await screen.findByText('Member role changed');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'team');
    await userEvent.selectOptions(screen.getByLabelText('Actor'), 'Zapier sync');
    expect(await screen.findByText('No events match these filters')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?category=team&actor=k1');
    expect(api.calls.map((c) => c.path)).toContain('/api/audit?category=team&actor=k1');
    expect(screen.getByRole('link', { name: /Export CSV/ })).toHaveAttribute(
      'href',
      '/api/audit/export.csv?category=team&actor=k1',
    );

    await userEvent.type(screen.getByRole('searchbox'), 'price{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?category=team&actor=k1&q=price'));
  });

  it('still offers members as actors when the API-key list is not there', async () => {
    mockApi(routes({ 'GET /api/api-keys': reply(404, { code: 'not_found', message: 'Not found' }) }));
    renderWithProviders(<AuditLogTab />, '/app/settings/audit');
    await screen.findByText('Member role changed');
    const actor = screen.getByLabelText('Actor');
    await waitFor(() =>
      expect(within(actor).getByRole('option', { name: 'Grace Hopper' })).toBeInTheDocument(),
    );
    expect(within(actor).queryByRole('option', { name: 'Zapier sync' })).not.toBeInTheDocument();
  });

  it('shows an empty state before anything happened', async () => {
    mockApi(routes({ 'GET /api/audit': page([]) }));
    renderWithProviders(<AuditLogTab />, '/app/settings/audit');
    expect(await screen.findByText('No events yet')).toBeInTheDocument();
  });

  it('saves the retention', async () => {
    const api = mockApi(routes({ 'PUT /api/audit/settings': { retentionDays: 90 } }));
    renderWithProviders(<AuditLogTab />, '/app/settings/audit');
    const select = await screen.findByLabelText('Keep events for');
    await waitFor(() => expect(select).toHaveValue('365'));
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.selectOptions(select, '90 days');
    await userEvent.click(save);
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ retentionDays: 90 });
    expect(await screen.findByText('Retention saved')).toBeInTheDocument();
  });

  it('asks Growth organizations to upgrade', async () => {
    mockApi({ ...routes(), ...session('owner', 'pro') });
    renderWithProviders(<AuditLogTab />, '/app/settings/audit');
    expect(await screen.findByTestId('upgrade-prompt')).toHaveTextContent('Scale');
  });
});
