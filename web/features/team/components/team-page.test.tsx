// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Invitation, Member } from '@common/contracts/team';
import type { Role } from '@common/roles';
import { session, user } from '@/test/fixtures';
import { mockApi, reply, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { TeamPage } from './team-page';

const member = (userId: string, role: Role, email = `${userId}@example.com`): Member => ({
  userId,
  email,
  firstName: userId === user.id ? 'Maya' : 'Sam',
  lastName: userId === user.id ? 'Chen' : userId.toUpperCase(),
  role,
  joinedAt: '2026-01-05T10:00:00.000Z',
  lastActiveAt: null,
});
const invitation: Invitation = {
  id: 'inv1',
  email: 'grace@example.com',
  firstName: 'Grace',
  lastName: 'Hopper',
  role: 'viewer',
  status: 'expired',
  invitedBy: { id: user.id, name: 'Maya Chen', email: user.email },
  expiresAt: '2026-01-08T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
};

let api: MockApi;
afterEach(() => vi.unstubAllGlobals());

function serve(role: Role, plan: 'starter' | 'pro' = 'pro', extra: Record<string, unknown> = {}) {
  api = mockApi({
    ...session(role, plan),
    'GET /api/organization/members': [
      member(user.id, role, user.email),
      member('u2', 'member'),
      member('u3', 'owner'),
    ],
    'GET /api/organization/invitations': [invitation],
    ...extra,
  });
}

describe('/app/team', () => {
  it('lists members and invitations with seat usage, and lets an owner manage them', async () => {
    serve('owner', 'pro', {
      'PATCH /api/organization/members/u2': member('u2', 'admin'),
      'DELETE /api/organization/invitations/inv1': reply(204),
    });
    const u = userEvent.setup();
    renderWithProviders(<TeamPage />);
    expect(
      await screen.findByText('3 of 5 seats used (members and pending invitations).'),
    ).toBeInTheDocument();
    expect(screen.getByText('grace@example.com')).toBeInTheDocument();
    expect(screen.getByText('Expired')).toBeInTheDocument();

    await u.selectOptions(screen.getByLabelText('Role of Sam U2'), 'admin');
    await screen.findByText('Role updated');
    expect(api.calls).toContainEqual(
      expect.objectContaining({
        method: 'PATCH',
        path: '/api/organization/members/u2',
        body: { role: 'admin' },
      }),
    );

    await u.click(screen.getByRole('button', { name: /Revoke/ }));
    const confirm = await screen.findByRole('dialog');
    await u.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(
        api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/organization/invitations/inv1'),
      ).toBe(true),
    );
    expect(await screen.findByText('Invitation revoked')).toBeInTheDocument();
  });

  it('resends an invitation: says so when e-mailed, and hands over the new link when e-mail is not configured', async () => {
    const link = 'http://localhost:3000/invite/accept?token=tok_new_link_0123456789';
    let emailConfigured = true;
    serve('admin', 'pro', {
      'POST /api/organization/invitations/inv1/resend': () => ({
        ...invitation,
        status: 'pending',
        emailConfigured,
        inviteUrl: emailConfigured ? null : link,
      }),
    });
    const u = userEvent.setup();
    renderWithProviders(<TeamPage />);
    await u.click(await screen.findByRole('button', { name: /Resend/ }));
    expect(await screen.findByText('A new link is on its way to grace@example.com.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    emailConfigured = false;
    await u.click(screen.getByRole('button', { name: /Resend/ }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mail is not configured' });
    expect(within(dialog).getByLabelText('Invitation link')).toHaveValue(link);
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('shows a viewer the team with every control disabled and the reason', async () => {
    serve('viewer');
    renderWithProviders(<TeamPage />);
    const invite = await screen.findByRole('button', { name: /Invite member/ });
    expect(invite).toBeDisabled();
    expect(screen.getAllByLabelText('Viewers have read-only access.').length).toBeGreaterThan(3);
    expect(screen.getByLabelText('Role of Sam U2')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove Sam U2' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Transfer ownership/ })).not.toBeInTheDocument();
  });

  it('keeps owners out of an admin’s reach', async () => {
    serve('admin');
    renderWithProviders(<TeamPage />);
    expect(await screen.findByLabelText('Role of Sam U3')).toBeDisabled();
    expect(screen.getByLabelText("Only an owner can change an owner's role.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Sam U3' })).toBeDisabled();
    const select = screen.getByLabelText('Role of Sam U2');
    expect(within(select).queryByRole('option', { name: 'Owner' })).not.toBeInTheDocument();
  });

  it('offers Growth on Starter and explains why roles cannot change', async () => {
    serve('owner', 'starter');
    renderWithProviders(<TeamPage />);
    expect(await screen.findByText('Team collaboration is part of Growth')).toBeInTheDocument();
    expect(screen.getByText('3 of 1 seat used (members and pending invitations).')).toBeInTheDocument();
    expect(screen.getAllByLabelText('Changing roles needs the Growth plan.').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Remove Sam U2' })).toBeEnabled();
  });
});
