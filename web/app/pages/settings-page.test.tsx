// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { organizationDetail, session, user } from '@/test/fixtures';
import { mockApi, reply } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { SettingsPage } from './settings-page';
import { SETTINGS_TABS } from '@/features/settings';

afterEach(() => vi.unstubAllGlobals());

const renderSettings = (path: string) =>
  renderRoutes([{ path: '/app/settings/:tab?', element: <SettingsPage /> }], path);

describe('/app/settings/{tab}', () => {
  it('uses the simpler shell with a Settings title, user menu and every tab', async () => {
    mockApi({ 'GET /api/auth/user': user });
    const { router } = renderSettings('/app/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/settings/profile'));
    expect(screen.getByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Open user menu' })).toBeInTheDocument();
    expect(SETTINGS_TABS.map((t) => t.id)).toEqual([
      'profile',
      'organization',
      'currencies',
      'plans',
      'billing',
      'team',
      'notifications',
      'invoice-forwarding',
      'integrations',
      'categories',
      'tags',
      'payment-methods',
      'use-cases',
      'projects',
      'operations',
      'security',
      'api',
      'audit',
    ]);
    for (const tab of SETTINGS_TABS) {
      expect(screen.getByRole('link', { name: tab.label })).toHaveAttribute(
        'href',
        `/app/settings/${tab.id}`,
      );
    }
  });

  it('Team shows the team page itself under the settings heading', async () => {
    mockApi({
      'GET /api/auth/user': user,
      'GET /api/organization': {
        ...organizationDetail,
        role: 'owner',
        effectivePlan: 'pro',
        viewPlan: 'pro',
      },
      'GET /api/organization/members': [
        {
          userId: user.id,
          email: user.email,
          firstName: 'Maya',
          lastName: 'Chen',
          role: 'owner',
          joinedAt: '2026-01-01T00:00:00.000Z',
          lastActiveAt: null,
        },
      ],
      'GET /api/organization/invitations': [],
    });
    renderSettings('/app/settings/team');
    expect(await screen.findByRole('heading', { name: 'Team', level: 2 })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Invite member/ })).toBeInTheDocument();
    expect(screen.queryByText('What will appear here')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Team', level: 1 })).not.toBeInTheDocument();
  });

  it('Invoice forwarding loads its tab; the old Email forwarding URL leads there', async () => {
    mockApi({
      'GET /api/auth/user': user,
      'GET /api/organization': { ...organizationDetail, role: 'owner' },
      'GET /api/invoice-forwarding': {
        address: 'invoices+k7f3@in.stackwise.app',
        domain: 'in.stackwise.app',
        allowedSenders: [],
        pendingConfirmation: null,
        setup: {
          receivedAny: false,
          lastReceivedAt: null,
          importedCount: 0,
          needsReviewCount: 0,
          cannotReceive: null,
        },
        recentMessages: [],
      },
    });
    const { router } = renderSettings('/app/settings/email-forwarding');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/settings/invoice-forwarding'));
    expect(await screen.findByRole('heading', { name: 'Invoice forwarding', level: 2 })).toBeInTheDocument();
    expect(await screen.findByLabelText('Forwarding address')).toHaveTextContent(
      'invoices+k7f3@in.stackwise.app',
    );
    expect(screen.getByText('Waiting for the first message')).toBeInTheDocument();
  });

  it('api: shows the API keys', async () => {
    mockApi({ ...session('owner', 'scale'), 'GET /api/api-keys': [] });
    renderSettings('/app/settings/api');
    expect(await screen.findByRole('heading', { name: 'API', level: 2 })).toBeInTheDocument();
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
  });

  it('profile: edits name and job title', async () => {
    const api = mockApi({
      'GET /api/auth/user': user,
      'PATCH /api/auth/user': ({ body }: { body: object }) => ({ ...user, ...body }),
    });
    const u = userEvent.setup();
    renderSettings('/app/settings/profile');
    const title = await screen.findByLabelText('Job title');
    await waitFor(() => expect(title).toHaveValue('Finance Lead'));
    await u.clear(title);
    await u.type(title, 'CFO');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      firstName: 'Maya',
      lastName: 'Chen',
      jobTitle: 'CFO',
    });
  });

  it('profile: changes the password, checking the confirmation first', async () => {
    const api = mockApi({
      'GET /api/auth/user': user,
      'POST /api/auth/change-password': reply(400, {
        message: 'Your current password is not correct',
        code: 'bad_request',
      }),
    });
    const u = userEvent.setup();
    renderSettings('/app/settings/profile');
    await u.type(await screen.findByLabelText('Current password'), 'old-password');
    await u.type(screen.getByLabelText('New password'), 'short');
    await u.type(screen.getByLabelText('Confirm new password'), 'different');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await u.clear(screen.getByLabelText('New password'));
    await u.type(screen.getByLabelText('New password'), 'a-much-longer-one');
    await u.clear(screen.getByLabelText('Confirm new password'));
    await u.type(screen.getByLabelText('Confirm new password'), 'a-much-longer-one');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your current password is not correct')).toBeInTheDocument();
  });

  it('organization: owners edit name, currency and fiscal-year start', async () => {
    const api = mockApi({
      'GET /api/auth/user': user,
      'GET /api/organization': organizationDetail,
      'PATCH /api/organization': ({ body }: { body: object }) => ({ ...organizationDetail, ...body }),
    });
    const u = userEvent.setup();
    renderSettings('/app/settings/organization');
    const name = await screen.findByLabelText('Organization name');
    await waitFor(() => expect(name).toHaveValue('Northwind Labs'));
    await u.clear(name);
    await u.type(name, 'Northwind Group');
    await u.selectOptions(screen.getByLabelText('Currency'), 'CHF');
    await u.selectOptions(screen.getByLabelText('Fiscal year starts in'), 'July');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Organization updated')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      name: 'Northwind Group',
      currency: 'CHF',
      fiscalYearStartMonth: 7,
    });
  });

  it('organization: peer benchmark sharing sits below the workspace settings', async () => {
    let stored = { peerSharing: true };
    const api = mockApi({
      'GET /api/auth/user': user,
      'GET /api/organization': organizationDetail,
      'GET /api/benchmarks/settings': () => stored,
      'PATCH /api/benchmarks/settings': ({ body }: { body: { peerSharing: boolean } }) => (stored = body),
    });
    const u = userEvent.setup();
    renderSettings('/app/settings/organization');
    const toggle = await screen.findByRole('switch', { name: /Share our prices anonymously/ });
    await waitFor(() => expect(toggle).toBeChecked());
    await u.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ peerSharing: false });
  });

  it('organization: members see the settings read-only', async () => {
    mockApi({
      'GET /api/auth/user': user,
      'GET /api/organization': { ...organizationDetail, role: 'member' },
    });
    renderSettings('/app/settings/organization');
    const name = await screen.findByLabelText('Organization name');
    expect(name).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.getByText(/Only owners and admins can change these settings/)).toBeInTheDocument();
  });
});
