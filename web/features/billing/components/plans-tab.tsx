import { useState } from 'react';
import { Link } from 'react-router';
import { PLAN_IDS, PLANS, type PaidPlanId, type PlanId } from '@common/plans';
import { can, deniedReason } from '@common/roles';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { type Billing } from '@/lib/pricing-matrix';
import { BillingToggle } from '@/components/billing/billing-toggle';
import { useOrganization } from '@/lib/organizations/get-organization';
import { errorMessage } from '@/lib/api-client';
import { useCheckout } from '../api/create-checkout-session';
import { usePlans } from '../api/get-plans';
import { useTrialStatus } from '@/lib/billing/get-trial-status';
import { useUpgradeDialog } from '@/lib/billing/use-upgrade-dialog';
import { showCheckoutFailure } from './checkout-failure';
import { DowngradeDialog } from './downgrade-dialog';
import { PlanCard } from './plan-card';
import { PlanStatus } from './plan-status';

/** /app/settings/plans: the three plans, the current one marked, monthly or yearly, trial, upgrade, downgrade. */
export function PlansTab() {
  const { data: organization, isPending, isError, error } = useOrganization();
  const { data: trial } = useTrialStatus();
  const { data: plans } = usePlans();
  const { openTrialStart } = useUpgradeDialog();
  const checkout = useCheckout();
  const [billing, setBilling] = useState<Billing>('monthly');
  const [downgradeOpen, setDowngradeOpen] = useState(false);
  const [pendingPlan, setPendingPlan] = useState<PaidPlanId | null>(null);

  if (isPending) return <Spinner />;
  if (isError) return <p className="text-sm text-muted-foreground">Your plan could not be loaded: {errorMessage(error)}</p>;

  const status = trial?.accountStatus ?? organization.accountStatus;
  const isOwner = can(organization.role, 'billing.manage');
  const canTrial =
    trial?.canStartTrial === true &&
    organization.subscriptionPlan === 'starter' &&
    can(organization.role, 'organization.update');
  const paying = (id: PlanId) =>
    organization.subscriptionPlan === id && (status === 'active' || status === 'past_due');
  const current: PlanId = trial?.isTrialActive && trial.trialPlan ? trial.trialPlan : organization.subscriptionPlan;
  const upgrade = (planId: PaidPlanId) => {
    const prices = plans?.plans.find((p) => p.id === planId);
    setPendingPlan(planId);
    checkout.mutate(
      { planId, priceId: (billing === 'yearly' ? prices?.yearlyPriceId : prices?.monthlyPriceId) ?? null },
      { onError: showCheckoutFailure, onSettled: () => setPendingPlan(null) },
    );
  };

  return (
    <div className="grid gap-6">
      <PlanStatus organization={organization} trial={trial} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BillingToggle value={billing} onChange={setBilling} />
        {!isOwner && <p className="text-sm text-muted-foreground">{deniedReason(organization.role, 'billing.manage')} Only the owner can change the plan.</p>}
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        {PLAN_IDS.map((id) => (
          <PlanCard
            key={id}
            planId={id}
            billing={billing}
            highlighted={id === current}
            badge={id === current ? (trial?.isTrialActive && id !== 'starter' ? 'Trial' : 'Current plan') : null}
          >
            {id === 'starter' ? (
              organization.subscriptionPlan !== 'starter' || status !== 'active' ? (
                <Button variant="outline" disabled={!isOwner} onClick={() => setDowngradeOpen(true)}>
                  Downgrade to Starter
                </Button>
              ) : (
                <Button variant="outline" disabled>
                  Current plan
                </Button>
              )
            ) : paying(id) ? (
              <Button variant="outline" asChild>
                <Link to="/app/settings/billing">Manage billing</Link>
              </Button>
            ) : (
              <>
                <Button disabled={!isOwner || checkout.isPending} onClick={() => upgrade(id)}>
                  {pendingPlan === id ? 'Opening checkout…' : `Upgrade to ${PLANS[id].name}`}
                </Button>
                {canTrial && (
                  <Button variant="secondary" onClick={() => openTrialStart(id)}>
                    Try Free for 14 Days
                  </Button>
                )}
              </>
            )}
          </PlanCard>
        ))}
      </div>
      <DowngradeDialog organization={organization} open={downgradeOpen} onOpenChange={setDowngradeOpen} />
    </div>
  );
}
