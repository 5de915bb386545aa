// @vitest-environment jsdom
import '@/test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { organization, organizationDetail, user } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import type { TrialStatus } from '@/lib/billing/types';
import { AccountGate } from './account-gate';

const DAY = 86_400_000;

function status(overrides: Partial<TrialStatus> = {}): TrialStatus {
  return {
    isTrialActive: false,
    trialDaysRemaining: 0,
    trialPlan: null,
    accountStatus: 'active',
    trialEndsAt: null,
    graceEndsAt: null,
    canStartTrial: true,
    ...overrides,
  };
}

function serve(trial: TrialStatus, detail: Partial<typeof organizationDetail> = {}) {
  return mockApi({
    'GET /api/auth/user': user,
    'GET /api/organizations': [{ ...organization, accountStatus: trial.accountStatus }],
    'GET /api/organization': { ...organizationDetail, accountStatus: trial.accountStatus, ...detail },
    'GET /api/trial/status': trial,
  });
}

function renderGate(path = '/app') {
  return renderRoutes(
    [
      {
        element: <AccountGate />,
        children: [
          { path: '/app/settings/:tab?', element: <p>Settings screen</p> },
          { path: '/app', element: <p>Dashboard content</p> },
        ],
      },
    ],
    path,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('trial banner', () => {
  it('shows the days remaining in blue and opens the upgrade dialog', async () => {
    serve(status({ isTrialActive: true, trialDaysRemaining: 10, trialPlan: 'pro', accountStatus: 'trial' }));
    renderGate();
    const banner = await screen.findByTestId('trial-banner');
    expect(banner).toHaveTextContent("You're on a Growth trial — 10 days remaining");
    expect(banner).toHaveClass('bg-blue-600');
    await userEvent.click(within(banner).getByRole('button', { name: 'Upgrade Now' }));
    expect(await screen.findByRole('heading', { name: 'Upgrade to Growth' })).toBeInTheDocument();
  });

  it('turns orange at 2 days, and can be dismissed', async () => {
    serve(status({ isTrialActive: true, trialDaysRemaining: 2, trialPlan: 'scale', accountStatus: 'trial' }));
    renderGate();
    const banner = await screen.findByTestId('trial-banner');
    expect(banner).toHaveTextContent('Only 2 days left in your Scale trial!');
    expect(banner).toHaveClass('bg-orange-600');
    await userEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('trial-banner')).not.toBeInTheDocument();
  });

  it('is green with Manage when a payment method and auto-renew are on', async () => {
    serve(status({ isTrialActive: true, trialDaysRemaining: 6, trialPlan: 'pro', accountStatus: 'trial' }), {
      hasPaymentMethod: true,
      autoRenewTrial: true,
    });
    renderGate();
    const banner = await screen.findByTestId('trial-banner');
    await waitFor(() => expect(banner).toHaveClass('bg-green-600'));
    expect(within(banner).getByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/app/settings/billing');
  });
});

describe('locked screen', () => {
  it.each(['trial_expired', 'locked'] as const)('replaces the app when the account is %s', async (accountStatus) => {
    serve(status({ accountStatus, trialPlan: 'scale', canStartTrial: false }));
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Your Trial Has Ended' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your account is temporarily locked. Upgrade to a paid plan or downgrade to the Free plan to regain access.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Dashboard content')).not.toBeInTheDocument();
    const upgrade = screen.getByRole('region', { name: 'Upgrade to Scale' });
    expect(within(upgrade).getByText('Recommended')).toBeInTheDocument();
    expect(within(upgrade).getByText('$199')).toBeInTheDocument();
    const free = screen.getByRole('region', { name: 'Downgrade to Free' });
    expect(within(free).getByText('Up to 15 subscriptions')).toBeInTheDocument();
    expect(within(free).getByRole('link', { name: 'Downgrade to Free' })).toHaveAttribute('href', '/app/settings/plans');
    expect(screen.getByRole('link', { name: 'Compare all plans' })).toHaveAttribute('href', '/app/settings/plans');
  });

  it.each(['/app/settings/plans', '/app/settings/billing'])('lets %s through', async (path) => {
    serve(status({ accountStatus: 'trial_expired', trialPlan: 'pro', canStartTrial: false }));
    renderGate(path);
    expect(await screen.findByText('Settings screen')).toBeInTheDocument();
    expect(screen.queryByText('Your Trial Has Ended')).not.toBeInTheDocument();
  });

  it('does not let other settings tabs through', async () => {
    serve(status({ accountStatus: 'locked', trialPlan: 'pro', canStartTrial: false }));
    renderGate('/app/settings/profile');
    expect(await screen.findByTestId('locked-screen')).toBeInTheDocument();
  });
});

describe('grace dialog', () => {
  it('cannot be dismissed and counts the days left, rounded up', async () => {
    const graceEndsAt = new Date(Date.now() + 4 * DAY + 3_600_000).toISOString();
    serve(status({ accountStatus: 'grace_readonly', trialPlan: 'pro', graceEndsAt, canStartTrial: false }));
    renderGate();
    const dialog = await screen.findByTestId('grace-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Your Trial Has Ended' })).toBeInTheDocument();
    expect(within(dialog).getByText("You're in a 5-day grace period with read-only access")).toBeInTheDocument();
    expect(within(dialog).getByText('Export data')).toBeInTheDocument();
    expect(within(dialog).getByText('Inviting team members')).toBeInTheDocument();
    expect(within(dialog).getByText(/^Grace period ends in \d+ days$/)).toBeInTheDocument();
    expect(within(dialog).getByText('Premium features will be lost after 5 days.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Upgrade Now to Continue' })).toHaveAttribute(
      'href',
      '/app/settings/plans',
    );
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByTestId('grace-dialog')).toBeInTheDocument();
  });

  it('stays off the settings pages', async () => {
    serve(status({ accountStatus: 'grace_readonly', graceEndsAt: new Date(Date.now() + DAY).toISOString() }));
    renderGate('/app/settings/plans');
    expect(await screen.findByText('Settings screen')).toBeInTheDocument();
    expect(screen.queryByTestId('grace-dialog')).not.toBeInTheDocument();
  });
});

describe('trial status polling (spec §4)', () => {
  it('is not fetched without an organization', async () => {
    const api = mockApi({
      'GET /api/auth/user': user,
      'GET /api/organizations': [],
      'GET /api/organization': organizationDetail,
    });
    renderGate();
    expect(await screen.findByText('Dashboard content')).toBeInTheDocument();
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/organizations')).toBe(true));
    expect(api.calls.some((c) => c.path === '/api/trial/status')).toBe(false);
  });
});
