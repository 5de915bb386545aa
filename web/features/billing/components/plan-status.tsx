import { AlertTriangle, CheckCircle2, Clock, Lock } from 'lucide-react';
import { isAccountLocked, isPlanId, PLANS } from '@common/plans';
import type { OrganizationDetail } from '@/lib/organizations/types';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import type { TrialStatus } from '@/lib/billing/types';

/** One line on where the account stands: trial, read-only, locked, payment failed or the plan. */
export function PlanStatus({ organization, trial }: { organization: OrganizationDetail; trial: TrialStatus | undefined }) {
  const status = trial?.accountStatus ?? organization.accountStatus;
  let tone: 'ok' | 'warn' | 'bad' = 'ok';
  let text = `You're on the ${PLANS[organization.effectivePlan].name} plan.`;
  let Icon = CheckCircle2;
  if (trial?.isTrialActive && isPlanId(trial.trialPlan)) {
    const days = trial.trialDaysRemaining;
    text = `You're on a ${PLANS[trial.trialPlan].name} trial — ${days} ${days === 1 ? 'day' : 'days'} left${
      trial.trialEndsAt ? ` (ends ${formatDate(trial.trialEndsAt)})` : ''
    }.`;
    Icon = Clock;
  } else if (status === 'grace_readonly') {
    tone = 'warn';
    Icon = AlertTriangle;
    text = `Your trial has ended and the workspace is read-only${
      trial?.graceEndsAt ? ` until ${formatDate(trial.graceEndsAt)}` : ''
    }. Choose a plan to keep working.`;
  } else if (isAccountLocked(status)) {
    tone = 'bad';
    Icon = Lock;
    text = 'Your account is locked. Upgrade to a paid plan or downgrade to the Free plan to regain access.';
  } else if (status === 'past_due') {
    tone = 'warn';
    Icon = AlertTriangle;
    text = 'Your last payment failed. Update your payment method in Billing to keep your plan.';
  }
  return (
    <div
      data-testid="plan-status"
      className={cn(
        'flex items-start gap-3 rounded-lg border p-4 text-sm',
        tone === 'warn' && 'border-warning/40 bg-warning/10',
        tone === 'bad' && 'border-destructive/40 bg-destructive/10',
      )}
    >
      <Icon
        className={cn('mt-0.5 size-4 shrink-0 text-success', tone === 'warn' && 'text-warning', tone === 'bad' && 'text-destructive')}
        aria-hidden
      />
      <p>{text}</p>
    </div>
  );
}
