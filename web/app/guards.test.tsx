// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { user } from '@/test/fixtures';
import { mockApi, reply } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { RedirectIfSignedIn, RequireAuth, safeNext, SessionGate } from './guards';

const routes = [
  {
    element: <SessionGate />,
    children: [
      { path: '/', element: <p>Home page</p> },
      {
        element: <RedirectIfSignedIn />,
        // As the router loads it: the sign-in screen is not part of the auth feature's index.
        children: [
          {
            path: '/auth/login',
            lazy: () =>
              import('@/features/auth/components/login-page').then((m) => ({ Component: m.LoginPage })),
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          { path: '/onboarding', element: <p>Onboarding screen</p> },
          { path: '/app', element: <p>Dashboard screen</p> },
          { path: '/app/renewals', element: <p>Renewals screen</p> },
        ],
      },
    ],
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('access rules (spec §2)', () => {
  it('shows a full-screen spinner while the session loads', async () => {
    let release: (value: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (release = resolve))),
    );
    renderRoutes(routes, '/app');
    expect(screen.getByTestId('full-screen-spinner')).toBeInTheDocument();
    // GET /api/session: only its user matters to the guards.
    release(new Response(JSON.stringify({ user }), { status: 200 }));
    expect(await screen.findByText('Dashboard screen')).toBeInTheDocument();
  });

  it('sends signed-out visitors to /auth/login with where they were going', async () => {
    mockApi({ 'GET /api/auth/user': reply(401, { message: 'Please sign in', code: 'unauthorized' }) });
    const { router } = renderRoutes(routes, '/app/renewals?view=calendar');
    expect(await screen.findByRole('heading', { name: 'Sign in to Stackwise' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/app/renewals?view=calendar');
  });

  it('also protects /onboarding', async () => {
    mockApi({ 'GET /api/auth/user': reply(401, {}) });
    const { router } = renderRoutes(routes, '/onboarding');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  });

  it('brings the visitor back after signing in', async () => {
    let signedIn = false;
    mockApi({
      'GET /api/auth/user': () => (signedIn ? user : reply(401, {})),
      'POST /api/auth/login': () => {
        signedIn = true;
        return user;
      },
    });
    const u = userEvent.setup();
    const { router } = renderRoutes(routes, '/app/renewals');
    await u.type(await screen.findByLabelText('Email'), 'maya@example.com');
    await u.type(screen.getByLabelText('Password'), 'correct-horse-battery-staple');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Renewals screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/renewals');
  });

  it('shows "Login failed" with the server message when sign-in fails', async () => {
    mockApi({
      'GET /api/auth/user': reply(401, {}),
      'POST /api/auth/login': reply(401, {
        message: 'Invalid email or password',
        code: 'invalid_credentials',
      }),
    });
    const u = userEvent.setup();
    renderRoutes(routes, '/auth/login');
    await u.type(await screen.findByLabelText('Email'), 'maya@example.com');
    await u.type(screen.getByLabelText('Password'), 'wrong-password');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid email or password')).toBeInTheDocument();
  });

  it('validates the form with the shared schema before calling the API', async () => {
    const api = mockApi({ 'GET /api/auth/user': reply(401, {}) });
    const u = userEvent.setup();
    renderRoutes(routes, '/auth/login');
    await u.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter an email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('toggles password visibility', async () => {
    mockApi({ 'GET /api/auth/user': reply(401, {}) });
    const u = userEvent.setup();
    renderRoutes(routes, '/auth/login');
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await u.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await u.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('sends signed-in users who have not finished onboarding to /onboarding from any other route', async () => {
    mockApi({ 'GET /api/auth/user': { ...user, onboardingPhase: 'workspace' } });
    for (const path of ['/app', '/', '/auth/login']) {
      const { router, unmount } = renderRoutes(routes, path);
      expect(await screen.findByText('Onboarding screen')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/onboarding');
      unmount();
    }
  });

  it('lets onboarded users through and keeps them off the sign-in screen', async () => {
    mockApi({ 'GET /api/auth/user': user });
    const { router } = renderRoutes(routes, '/auth/login?next=%2Fapp%2Frenewals');
    expect(await screen.findByText('Renewals screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/renewals');
  });

  it('only follows `next` to paths on this site', () => {
    expect(safeNext('/app/budget')).toBe('/app/budget');
    expect(safeNext('https://evil.example')).toBe('/app');
    expect(safeNext('//evil.example')).toBe('/app');
    expect(safeNext(null)).toBe('/app');
  });
});
