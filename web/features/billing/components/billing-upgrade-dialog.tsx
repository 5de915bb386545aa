import type { PaidPlanId } from '@common/plans';
import { can } from '@common/roles';
import { Button } from '@/components/ui/button';
import { useCurrentOrganizationSummary } from '@/lib/organizations/get-organizations';
import { useCheckout } from '../api/create-checkout-session';
import { usePlans } from '../api/get-plans';
import { useTrialStatus } from '@/lib/billing/get-trial-status';
import { showCheckoutFailure } from './checkout-failure';
import { UpgradeDialog } from '@/components/billing/upgrade-dialog';

interface BillingUpgradeDialogProps {
  planId: PaidPlanId;
  /** Why it opened (a plan limit's figures), shown above the features. */
  reason?: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onTryFree: (planId: PaidPlanId) => void;
  /** Shows the other paid plan instead (Growth ↔ Scale). */
  onSwitchPlan?: (planId: PaidPlanId) => void;
}

/**
 * The upgrade dialog wired to billing: Upgrade Now opens Stripe Checkout with the plan's monthly
 * price; Try Free for 14 Days shows only on Starter while a trial can still start.
 */
export function BillingUpgradeDialog({
  planId,
  reason,
  open,
  onOpenChange,
  onTryFree,
  onSwitchPlan,
}: BillingUpgradeDialogProps) {
  const organization = useCurrentOrganizationSummary();
  const { data: trial } = useTrialStatus();
  const { data: plans } = usePlans();
  const checkout = useCheckout();
  const priceId = plans?.plans.find((p) => p.id === planId)?.monthlyPriceId ?? null;
  const canTryFree =
    trial?.canStartTrial === true &&
    organization?.subscriptionPlan === 'starter' &&
    can(organization.role, 'organization.update');

  return (
    <UpgradeDialog
      planId={planId}
      reason={reason}
      open={open}
      onOpenChange={onOpenChange}
      upgrading={checkout.isPending}
      onUpgradeNow={() => checkout.mutate({ planId, priceId }, { onError: showCheckoutFailure })}
      // On Growth (paid or on trial) Growth is not for sale: no way back to it from Scale.
      onSwitchPlan={
        onSwitchPlan && !(planId === 'scale' && organization?.subscriptionPlan === 'pro')
          ? onSwitchPlan
          : undefined
      }
      extraActions={
        canTryFree ? (
          <Button variant="secondary" onClick={() => onTryFree(planId)}>
            Try Free for 14 Days
          </Button>
        ) : null
      }
    />
  );
}
