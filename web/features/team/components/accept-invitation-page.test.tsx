// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionGate } from '@/app/guards';
import { user } from '@/test/fixtures';
import { mockApi, reply, type MockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { AcceptInvitationPage } from './accept-invitation-page';

const preview = {
  organizationName: 'Northwind Labs',
  inviterName: 'Maya Chen',
  email: 'grace@example.com',
  firstName: 'Grace',
  lastName: 'Hopper',
  role: 'member',
  expiresAt: '2026-01-08T00:00:00.000Z',
  hasAccount: false,
};
const accepted = { organizationId: 'o1', organizationName: 'Northwind Labs', role: 'member' };

let api: MockApi;
afterEach(() => vi.unstubAllGlobals());

function render() {
  return renderRoutes(
    [
      {
        element: <SessionGate />,
        children: [
          { path: '/invite/accept', element: <AcceptInvitationPage /> },
          { path: '/app', element: <p>App home</p> },
          { path: '/onboarding', element: <p>Onboarding</p> },
        ],
      },
    ],
    '/invite/accept?token=tok_1234567890',
  );
}

describe('/invite/accept', () => {
  it('registers a signed-out invitee with the address locked, then joins them automatically', async () => {
    let signedIn: unknown = reply(401, { message: 'Please sign in to continue.', code: 'unauthorized' });
    const grace = { ...user, email: preview.email, firstName: 'Grace', lastName: 'Hopper' };
    api = mockApi({
      'GET /api/auth/user': () => signedIn,
      'GET /api/invitations/tok_1234567890': preview,
      'POST /api/auth/register': () => {
        signedIn = { ...grace, onboardingPhase: 'profile' };
        return grace;
      },
      'POST /api/invitations/accept': () => {
        signedIn = { ...grace, onboardingPhase: 'completed' };
        return accepted;
      },
    });
    const u = userEvent.setup();
    const { router } = render();
    expect(await screen.findByRole('heading', { name: 'Join Northwind Labs' })).toBeInTheDocument();
    expect(screen.getByText(/Maya Chen invited/)).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('grace@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByLabelText('First name')).toHaveValue('Grace');

    await u.type(screen.getByLabelText('Password'), 'correct-horse-battery-staple');
    await u.click(screen.getByRole('button', { name: 'Create account and join' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(await screen.findByText('App home')).toBeInTheDocument();
    const register = api.calls.find((c) => c.path === '/api/auth/register');
    expect(register?.body).toMatchObject({ email: 'grace@example.com', firstName: 'Grace' });
    expect(api.calls.find((c) => c.path === '/api/invitations/accept')?.body).toEqual({
      token: 'tok_1234567890',
    });
  });

  it('offers sign-in when the address has an account', async () => {
    api = mockApi({
      'GET /api/auth/user': reply(401, {}),
      'GET /api/invitations/tok_1234567890': { ...preview, hasAccount: true },
    });
    render();
    expect(await screen.findByRole('button', { name: 'Sign in and join' })).toBeInTheDocument();
  });

  it('accepts in one click for the signed-in invitee', async () => {
    api = mockApi({
      'GET /api/auth/user': { ...user, email: 'Grace@Example.com' },
      'GET /api/invitations/tok_1234567890': preview,
      'POST /api/invitations/accept': accepted,
    });
    const u = userEvent.setup();
    const { router } = render();
    await u.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
  });

  it('tells someone signed in with another address to sign out first', async () => {
    api = mockApi({ 'GET /api/auth/user': user, 'GET /api/invitations/tok_1234567890': preview });
    render();
    expect(await screen.findByText(/You are signed in as maya@example.com/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
  });

  it("shows the server's reason for a link that no longer works", async () => {
    api = mockApi({
      'GET /api/auth/user': reply(401, {}),
      'GET /api/invitations/tok_1234567890': reply(400, {
        message: 'This invitation has expired. Ask an administrator to send a new one.',
        code: 'invalid_token',
      }),
    });
    render();
    expect(await screen.findByText('This invitation cannot be used')).toBeInTheDocument();
    expect(
      screen.getByText('This invitation has expired. Ask an administrator to send a new one.'),
    ).toBeInTheDocument();
  });
});
