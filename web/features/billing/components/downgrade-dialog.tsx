import { PLANS } from '@common/plans';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import type { OrganizationDetail } from '@/lib/organizations/types';
import { errorMessage } from '@/lib/api-client';
import { useDowngrade } from '../api/downgrade';

/** Confirms the move to Starter and says what happens to data over its limits. */
export function DowngradeDialog({
  organization,
  open,
  onOpenChange,
}: {
  organization: OrganizationDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const downgrade = useDowngrade();
  const starter = PLANS.starter;
  const ending = organization.isTrialActive
    ? ' Your trial ends now.'
    : organization.subscriptionPlan !== 'starter'
      ? ` Your ${PLANS[organization.subscriptionPlan].name} subscription is cancelled.`
      : '';
  const confirm = () =>
    downgrade.mutate(undefined, {
      onSuccess: () => {
        onOpenChange(false);
        toast({ variant: 'success', title: "You're on the Starter plan" });
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Downgrade failed', description: errorMessage(error) }),
    });

  return (
    <Dialog open={open} onOpenChange={(next) => !downgrade.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Downgrade to Starter?</DialogTitle>
          <DialogDescription>
            Starter is free: up to {starter.maxApps} subscriptions, a single user and basic renewal alerts.{ending}
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm text-muted-foreground">
          Everything you have added stays readable. Adding more than the Starter limits needs an upgrade.
        </p>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={downgrade.isPending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={downgrade.isPending}>
            {downgrade.isPending ? 'Downgrading…' : 'Downgrade to Starter'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
