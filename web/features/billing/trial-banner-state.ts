import { isPlanId, PLANS, TRIAL_URGENT_DAYS } from '@common/plans';
import type { TrialStatus } from '@/lib/billing/types';

export type BannerTone = 'info' | 'urgent' | 'success';
export type BannerAction = 'manage' | 'enable-auto-renew' | 'upgrade';

export interface TrialBannerState {
  tone: BannerTone;
  title: string;
  subtext: string;
  actions: BannerAction[];
}

/**
 * The trial banner of spec §2: blue normally, orange at 3 days or fewer, green when a payment
 * method and auto-renew are both on; null when no trial is active.
 */
export function trialBannerState(
  status: Pick<TrialStatus, 'isTrialActive' | 'trialDaysRemaining' | 'trialPlan'> | undefined,
  billing: { hasPaymentMethod: boolean; autoRenewTrial: boolean } | undefined,
): TrialBannerState | null {
  if (!status?.isTrialActive || !isPlanId(status.trialPlan)) return null;
  const plan = PLANS[status.trialPlan].name;
  const days = status.trialDaysRemaining;
  const urgent = days <= TRIAL_URGENT_DAYS;
  const hasPaymentMethod = billing?.hasPaymentMethod ?? false;
  const autoRenew = billing?.autoRenewTrial ?? false;
  const converts = hasPaymentMethod && autoRenew;

  const title = urgent
    ? `Only ${days} ${days === 1 ? 'day' : 'days'} left in your ${plan} trial!`
    : `You're on a ${plan} trial — ${days} days remaining`;
  const subtext = converts
    ? `Your trial converts to a paid ${plan} plan automatically when it ends.`
    : hasPaymentMethod
      ? `Enable auto-renew to continue on ${plan} when your trial ends.`
      : `Upgrade to keep your ${plan} features when the trial ends.`;
  const actions: BannerAction[] = [];
  if (autoRenew) actions.push('manage');
  if (hasPaymentMethod && !autoRenew) actions.push('enable-auto-renew');
  if (!hasPaymentMethod) actions.push('upgrade');
  return { tone: converts ? 'success' : urgent ? 'urgent' : 'info', title, subtext, actions };
}
