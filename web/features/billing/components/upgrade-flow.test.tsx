// @vitest-environment jsdom
import '@/test/dom';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMutation } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { organization, organizationDetail, user } from '@/test/fixtures';
import { mockApi, reply, type MockApi } from '@/test/mock-api';
import { renderRoutes } from '@/test/render';
import { apiRequest } from '@/lib/api-client';
import type { OrganizationDetail } from '@/lib/organizations/types';
import { browser } from '@/lib/browser';
import { useUpgradeDialog } from '@/lib/billing/use-upgrade-dialog';
import { AccountGate } from './account-gate';
import { GatedButton, PlanGate } from '@/components/billing/plan-gate';
import { TopBar } from '@/components/layout/top-bar';

const confetti = vi.hoisted(() => vi.fn());
vi.mock('canvas-confetti', () => ({ default: confetti }));

const plans = {
  checkoutConfigured: true,
  plans: [
    { id: 'starter', monthlyPriceId: null, yearlyPriceId: null },
    { id: 'pro', monthlyPriceId: 'price_pro_m', yearlyPriceId: 'price_pro_y' },
    { id: 'scale', monthlyPriceId: 'price_scale_m', yearlyPriceId: 'price_scale_y' },
  ],
};
const noTrial = {
  isTrialActive: false,
  trialDaysRemaining: 0,
  trialPlan: null,
  accountStatus: 'active',
  trialEndsAt: null,
  graceEndsAt: null,
  canStartTrial: true,
};

let api: MockApi;
function serve(extra: Record<string, unknown> = {}, detail: Partial<OrganizationDetail> = {}) {
  api = mockApi({
    'GET /api/auth/user': user,
    'GET /api/organizations': [{ ...organization, subscriptionPlan: detail.subscriptionPlan ?? 'starter' }],
    'GET /api/organization': { ...organizationDetail, ...detail },
    'GET /api/trial/status': noTrial,
    'GET /api/plans': plans,
    ...extra,
  });
}

function OpenButton() {
  const { openUpgrade } = useUpgradeDialog();
  return <button onClick={() => openUpgrade('pro')}>See Plans</button>;
}

function AddApplication() {
  const add = useMutation({ mutationFn: () => apiRequest('POST', '/api/subscriptions', { name: 'Figma' }) });
  return <button onClick={() => add.mutate()}>Add application</button>;
}

function renderApp(page = <OpenButton />, path = '/app') {
  return renderRoutes([{ element: <AccountGate />, children: [{ path: '/app/*', element: page }] }], path);
}

beforeEach(() => {
  confetti.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'See Plans' }));
  return screen.findByRole('dialog');
}

describe('upgrade dialog', () => {
  it('Upgrade Now creates a checkout session with the monthly price and goes to its url', async () => {
    serve({ 'POST /api/stripe/create-checkout-session': { url: 'https://checkout.stripe.test/c/pay/cs_1' } });
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    renderApp();
    const dialog = await openDialog();
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/plans')).toBe(true));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade Now' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1'));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      planId: 'pro',
      priceId: 'price_pro_m',
    });
  });

  it('shows the server error with the setup steps appended, and ends loading', async () => {
    serve({
      'POST /api/stripe/create-checkout-session': reply(400, {
        message: 'x',
        code: 'bad_request',
        error: 'Payments are not configured yet: STRIPE_SECRET_KEY is not set.',
        setupInstructions: ['Create the products in the Stripe dashboard.', 'Set STRIPE_PRICE_PRO_MONTHLY.'],
      }),
    });
    renderApp();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade Now' }));
    expect(
      await screen.findByText('Payments are not configured yet: STRIPE_SECRET_KEY is not set.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Create the products in the Stripe dashboard.')).toBeInTheDocument();
    expect(screen.getByText('Set STRIPE_PRICE_PRO_MONTHLY.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upgrade Now' })).toBeEnabled();
  });

  it('says an unexpected error occurred when the network fails', async () => {
    serve({
      'POST /api/stripe/create-checkout-session': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade Now' }));
    expect(await screen.findByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
  });

  it('offers Try Free for 14 Days only on Starter while a trial can start', async () => {
    serve({ 'GET /api/trial/status': { ...noTrial, canStartTrial: false } });
    renderApp();
    const dialog = await openDialog();
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/trial/status')).toBe(true));
    expect(within(dialog).queryByRole('button', { name: 'Try Free for 14 Days' })).not.toBeInTheDocument();
  });
});

describe('trial start', () => {
  it('Try Free → trial dialog → welcome with confetti, then a reload 2000 ms later', async () => {
    serve({
      'POST /api/trial/start': { ...noTrial, isTrialActive: true, trialPlan: 'pro', trialDaysRemaining: 14 },
    });
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    renderApp();
    const dialog = await openDialog();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Try Free for 14 Days' }));
    const trial = await screen.findByRole('dialog', { name: 'Start your free Growth trial' });
    expect(within(trial).getByText('Try Growth ($49/month) free for 14 days.')).toBeInTheDocument();
    expect(within(trial).getByText("We'll remind you 3 days before your trial ends.")).toBeInTheDocument();
    expect(within(trial).getByText('No credit card needed.')).toBeInTheDocument();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(within(trial).getByRole('button', { name: 'Start Free Trial' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to Growth!' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ planId: 'pro' });
    await waitFor(() => expect(confetti).toHaveBeenCalled());
    expect(reload).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(2000));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('describes Scale as "Scale ($199/month)"', async () => {
    serve();
    function OpenScaleTrial() {
      const { openTrialStart } = useUpgradeDialog();
      return <button onClick={() => openTrialStart('scale')}>See Plans</button>;
    }
    renderApp(<OpenScaleTrial />);
    await userEvent.click(await screen.findByRole('button', { name: 'See Plans' }));
    expect(await screen.findByText('Try Scale ($199/month) free for 14 days.')).toBeInTheDocument();
  });

  it("a failure shows 'Failed to Start Trial' with the server message and the button works again", async () => {
    serve({
      'POST /api/trial/start': reply(400, {
        message: 'Your organization has already used its free trial.',
        code: 'bad_request',
      }),
    });
    renderApp();
    const dialog = await openDialog();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Try Free for 14 Days' }));
    const trial = await screen.findByRole('dialog', { name: 'Start your free Growth trial' });
    await userEvent.click(within(trial).getByRole('button', { name: 'Start Free Trial' }));
    expect(await screen.findByText('Failed to Start Trial')).toBeInTheDocument();
    expect(screen.getByText('Your organization has already used its free trial.')).toBeInTheDocument();
    expect(within(trial).getByRole('button', { name: 'Start Free Trial' })).toBeEnabled();
  });
});

describe('plan errors and gates', () => {
  it('a 403 plan_limit from any mutation opens the upgrade dialog for the plan that allows more', async () => {
    serve({
      'POST /api/subscriptions': reply(403, {
        code: 'plan_limit',
        message: 'The Growth plan allows up to 5 team members.',
        limit: 5,
        current: 5,
        kind: 'users',
        plan: 'pro',
        requiredPlan: 'scale',
      }),
    });
    renderApp(<AddApplication />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Scale' });
    expect(within(dialog).getByText('You have 5 of 5 team members on Growth')).toBeInTheDocument();
  });

  it('says why when a plan limit opened it, and not when opened from a button', async () => {
    serve({
      'POST /api/subscriptions': reply(403, {
        code: 'plan_limit',
        message: 'The Starter plan allows up to 15 applications. Upgrade to Growth to add more applications.',
        limit: 15,
        current: 15,
        kind: 'apps',
        plan: 'starter',
        requiredPlan: 'pro',
      }),
    });
    renderApp(
      <>
        <AddApplication />
        <OpenButton />
      </>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Add application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Growth' });
    expect(within(dialog).getByText('You have 15 of 15 applications on Starter')).toBeInTheDocument();
    expect(
      within(dialog).getByText('14-day free trial, no credit card required, cancel anytime'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Maybe Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'See Plans' }));
    const again = await screen.findByRole('dialog', { name: 'Upgrade to Growth' });
    expect(within(again).queryByText(/You have/)).not.toBeInTheDocument();
  });

  it('PlanGate shows an upgrade prompt below the plan and the page on it', async () => {
    serve({}, { effectivePlan: 'starter', viewPlan: 'starter' });
    const { unmount } = renderApp(
      <PlanGate feature="budget">
        <p>Budget page</p>
      </PlanGate>,
    );
    const prompt = await screen.findByTestId('upgrade-prompt');
    expect(prompt).toHaveTextContent('Budget tracking is part of the Growth plan');
    expect(screen.queryByText('Budget page')).not.toBeInTheDocument();
    await userEvent.click(within(prompt).getByRole('button', { name: 'Upgrade to Growth' }));
    expect(await screen.findByRole('heading', { name: 'Upgrade to Growth' })).toBeInTheDocument();
    unmount();

    serve({}, { effectivePlan: 'pro', viewPlan: 'pro' });
    renderApp(
      <PlanGate feature="budget">
        <p>Budget page</p>
      </PlanGate>,
    );
    expect(await screen.findByText('Budget page')).toBeInTheDocument();
  });

  it('PlanGate shows the page in the read-only grace period after a trial of its plan', async () => {
    serve(
      {},
      { accountStatus: 'grace_readonly', trialPlan: 'pro', effectivePlan: 'starter', viewPlan: 'pro' },
    );
    renderApp(
      <PlanGate feature="insights">
        <p>Insights page</p>
      </PlanGate>,
    );
    expect(await screen.findByText('Insights page')).toBeInTheDocument();
    expect(screen.queryByTestId('upgrade-prompt')).not.toBeInTheDocument();
  });

  it('on Growth, a Scale feature asks for Scale', async () => {
    serve({}, { effectivePlan: 'pro', viewPlan: 'pro', subscriptionPlan: 'pro' });
    renderApp(
      <PlanGate feature="entities">
        <p>Entities page</p>
      </PlanGate>,
    );
    expect(await screen.findByTestId('upgrade-prompt')).toHaveTextContent(
      'Multi-entity tracking is part of the Scale plan',
    );
  });

  it('a gated button opens the upgrade dialog below the plan, and acts on it', async () => {
    const onClick = vi.fn();
    serve({}, { effectivePlan: 'starter', viewPlan: 'starter' });
    const { unmount } = renderApp(
      <GatedButton feature="brands" onClick={onClick}>
        New brand
      </GatedButton>,
    );
    const gated = await screen.findByRole('button', { name: 'New brand' });
    await waitFor(() => expect(gated).toHaveAttribute('data-gated', 'true'));
    await userEvent.click(gated);
    expect(await screen.findByRole('heading', { name: 'Upgrade to Scale' })).toBeInTheDocument();
    expect(onClick).not.toHaveBeenCalled();
    unmount();

    serve({}, { effectivePlan: 'scale', viewPlan: 'scale', subscriptionPlan: 'scale' });
    renderApp(
      <GatedButton feature="brands" onClick={onClick}>
        New brand
      </GatedButton>,
    );
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/organization')).toBe(true));
    await userEvent.click(await screen.findByRole('button', { name: 'New brand' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('upgrade prompts follow the plan (issue 31)', () => {
  const scaleTrial = {
    ...noTrial,
    isTrialActive: true,
    trialPlan: 'scale',
    trialDaysRemaining: 10,
    canStartTrial: false,
  };

  it('shows no See Plans during a Scale trial; on Growth it offers Scale', async () => {
    serve(
      { 'GET /api/trial/status': scaleTrial },
      { trialPlan: 'scale', effectivePlan: 'scale', viewPlan: 'scale', isTrialActive: true },
    );
    const { unmount } = renderRoutes(
      [
        {
          element: <AccountGate />,
          children: [{ path: '/app/*', element: <TopBar onOpenSidebar={() => {}} /> }],
        },
      ],
      '/app',
    );
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/organization')).toBe(true));
    await screen.findByText(organization.name);
    expect(screen.queryByRole('button', { name: /See Plans/ })).not.toBeInTheDocument();
    unmount();

    serve({}, { subscriptionPlan: 'pro', effectivePlan: 'pro', viewPlan: 'pro' });
    renderRoutes(
      [
        {
          element: <AccountGate />,
          children: [{ path: '/app/*', element: <TopBar onOpenSidebar={() => {}} /> }],
        },
      ],
      '/app',
    );
    await userEvent.click(await screen.findByRole('button', { name: /See Plans/ }));
    expect(await screen.findByRole('heading', { name: 'Upgrade to Scale' })).toBeInTheDocument();
  });

  it('a screen gated to Scale offers the Scale trial, not Growth', async () => {
    serve({ 'POST /api/trial/start': { ...scaleTrial } }, { effectivePlan: 'starter', viewPlan: 'starter' });
    renderApp(
      <PlanGate feature="entities">
        <p>Entities page</p>
      </PlanGate>,
    );
    const prompt = await screen.findByTestId('upgrade-prompt');
    await waitFor(() => expect(prompt).toHaveTextContent('or try Scale free for 14 days'));
    await userEvent.click(within(prompt).getByRole('button', { name: 'Upgrade to Scale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Scale' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Try Free for 14 Days' }));
    const trial = await screen.findByRole('dialog', { name: 'Start your free Scale trial' });
    expect(within(trial).queryByText(/Growth/)).not.toBeInTheDocument();
  });

  it('reaches the Scale trial from the upgrade dialog, not only from Settings → Plans', async () => {
    serve();
    renderApp();
    const dialog = await openDialog();
    expect(within(dialog).getByRole('heading', { name: 'Upgrade to Growth' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /See Scale/ }));
    const scale = await screen.findByRole('dialog', { name: 'Upgrade to Scale' });
    await userEvent.click(await within(scale).findByRole('button', { name: 'Try Free for 14 Days' }));
    expect(await screen.findByRole('dialog', { name: 'Start your free Scale trial' })).toBeInTheDocument();
  });
});
