import { BellRing, CreditCard, Sparkles } from 'lucide-react';
import { PLANS, TRIAL_DAYS, TRIAL_REMINDER_DAYS, type PaidPlanId } from '@common/plans';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useStartTrial } from '../api/start-trial';

/** Spec §2: "Growth ($49/month)" for pro, "Scale ($199/month)" for scale. */
export function planDescriptor(planId: PaidPlanId): string {
  return `${PLANS[planId].name} ($${PLANS[planId].price}/month)`;
}

interface TrialStartDialogProps {
  planId: PaidPlanId | null;
  onOpenChange: (open: boolean) => void;
  onStarted: (planId: PaidPlanId) => void;
}

/** 'Try free': starts the 14-day trial; a failure shows 'Failed to Start Trial' and the button works again. */
export function TrialStartDialog({ planId, onOpenChange, onStarted }: TrialStartDialogProps) {
  const start = useStartTrial();
  const plan = planId ? PLANS[planId] : null;
  const begin = () => {
    if (!planId) return;
    start.mutate(planId, {
      onSuccess: () => onStarted(planId),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to Start Trial',
          description:
            error instanceof ApiError
              ? errorMessage(error, 'Something went wrong. Please try again.')
              : 'Something went wrong. Please try again.',
        }),
    });
  };

  return (
    <Dialog open={planId !== null} onOpenChange={(open) => !start.isPending && onOpenChange(open)}>
      <DialogContent className="max-w-md">
        {plan && planId && (
          <>
            <DialogHeader>
              <DialogTitle>Start your free {plan.name} trial</DialogTitle>
              <DialogDescription>
                Try {planDescriptor(planId)} free for {TRIAL_DAYS} days.
              </DialogDescription>
            </DialogHeader>
            <ul className="grid gap-3 text-sm">
              <li className="flex items-start gap-2.5">
                <Sparkles className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                Every {plan.name} feature, unlocked for {TRIAL_DAYS} days.
              </li>
              <li className="flex items-start gap-2.5">
                <BellRing className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                We'll remind you {TRIAL_REMINDER_DAYS} days before your trial ends.
              </li>
              <li className="flex items-start gap-2.5">
                <CreditCard className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                No credit card needed.
              </li>
            </ul>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)} disabled={start.isPending}>
                Cancel
              </Button>
              <Button onClick={begin} disabled={start.isPending}>
                {start.isPending ? 'Starting trial…' : 'Start Free Trial'}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
