import { describe, expect, it } from 'vitest';
import { checkoutFailure, DEFAULT_SETUP_STEPS } from './api/create-checkout-session';
import { ApiError } from '@/lib/api-client';
import { trialBannerState } from './trial-banner-state';

const trial = (days: number, plan: 'pro' | 'scale' = 'pro') => ({
  isTrialActive: true,
  trialDaysRemaining: days,
  trialPlan: plan,
});
const none = { hasPaymentMethod: false, autoRenewTrial: false };

describe('trial banner (spec §2)', () => {
  it('is blue with the days remaining above 3 days', () => {
    expect(trialBannerState(trial(10), none)).toEqual({
      tone: 'info',
      title: "You're on a Growth trial — 10 days remaining",
      subtext: 'Upgrade to keep your Growth features when the trial ends.',
      actions: ['upgrade'],
    });
    expect(trialBannerState(trial(4, 'scale'), none)?.title).toBe("You're on a Scale trial — 4 days remaining");
  });

  it('is orange and urgent at 3 days or fewer, with day or days', () => {
    expect(trialBannerState(trial(3), none)).toMatchObject({
      tone: 'urgent',
      title: 'Only 3 days left in your Growth trial!',
    });
    expect(trialBannerState(trial(2), none)?.title).toBe('Only 2 days left in your Growth trial!');
    expect(trialBannerState(trial(1), none)?.title).toBe('Only 1 day left in your Growth trial!');
  });

  it('is green and converts automatically with a payment method and auto-renew (Manage)', () => {
    expect(trialBannerState(trial(2), { hasPaymentMethod: true, autoRenewTrial: true })).toEqual({
      tone: 'success',
      title: 'Only 2 days left in your Growth trial!',
      subtext: 'Your trial converts to a paid Growth plan automatically when it ends.',
      actions: ['manage'],
    });
  });

  it('asks to enable auto-renew when a payment method exists without it', () => {
    expect(trialBannerState(trial(8), { hasPaymentMethod: true, autoRenewTrial: false })).toMatchObject({
      tone: 'info',
      subtext: 'Enable auto-renew to continue on Growth when your trial ends.',
      actions: ['enable-auto-renew'],
    });
  });

  it('shows Manage for auto-renew and Upgrade Now while no payment method exists', () => {
    expect(trialBannerState(trial(8), { hasPaymentMethod: false, autoRenewTrial: true })?.actions).toEqual([
      'manage',
      'upgrade',
    ]);
  });

  it('is absent without an active trial', () => {
    expect(trialBannerState({ isTrialActive: false, trialDaysRemaining: 0, trialPlan: 'pro' }, none)).toBeNull();
    expect(trialBannerState(undefined, none)).toBeNull();
  });
});

describe('checkout failure messages (spec §8)', () => {
  const apiError = (status: number, body: unknown) =>
    new ApiError(status, 'Bad Request', body === undefined ? '' : JSON.stringify(body));

  it("uses the server's error and appends its setup steps", () => {
    expect(
      checkoutFailure(apiError(400, { error: 'Payments are not configured yet.', setupInstructions: ['Do A', 'Do B'] })),
    ).toEqual({ message: 'Payments are not configured yet.', setupInstructions: ['Do A', 'Do B'] });
  });

  it('appends the standard steps when setupInstructions is present but not a list', () => {
    expect(checkoutFailure(apiError(400, { error: 'Not set up', setupInstructions: true })).setupInstructions).toEqual(
      DEFAULT_SETUP_STEPS,
    );
  });

  it("falls back to the message, then to 'Failed to create checkout session'", () => {
    expect(checkoutFailure(apiError(403, { message: 'Only the owner can do this.' }))).toEqual({
      message: 'Only the owner can do this.',
      setupInstructions: null,
    });
    expect(checkoutFailure(apiError(500, undefined)).message).toBe('Failed to create checkout session');
  });

  it('says an unexpected error occurred for network or other failures', () => {
    expect(checkoutFailure(new TypeError('Failed to fetch')).message).toBe(
      'An unexpected error occurred. Please try again.',
    );
  });
});
