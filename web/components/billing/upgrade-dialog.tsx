import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PLANS, type PlanId } from '@common/plans';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { formatWholeMoney } from '@/lib/format';

export interface UpgradeDialogProps {
  planId: Exclude<PlanId, 'starter'>;
  /** Why the dialog opened, e.g. "You have 15 of 15 applications on Starter". */
  reason?: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Replaces the default Upgrade Now behaviour (open the plans page). The billing feature passes checkout here. */
  onUpgradeNow?: () => void;
  upgrading?: boolean;
  /** Extra buttons between Maybe Later and Upgrade Now (e.g. "Try Free for 14 Days"). */
  extraActions?: ReactNode;
  /** Shows the other paid plan in the same dialog (Growth ↔ Scale), so either trial is one click away. */
  onSwitchPlan?: (planId: Exclude<PlanId, 'starter'>) => void;
}

/** 'Upgrade to {plan}' with price badge, feature list, Maybe Later and Upgrade Now (spec §2). */
export function UpgradeDialog({
  planId,
  reason,
  open,
  onOpenChange,
  onUpgradeNow,
  upgrading,
  extraActions,
  onSwitchPlan,
}: UpgradeDialogProps) {
  const other = planId === 'scale' ? 'pro' : 'scale';
  const plan = PLANS[planId];
  const navigate = useNavigate();
  const upgradeNow =
    onUpgradeNow ??
    (() => {
      onOpenChange(false);
      navigate('/app/settings/plans');
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <div className="flex items-center gap-3">
            <DialogTitle>Upgrade to {plan.name}</DialogTitle>
            <Badge>{formatWholeMoney(plan.price)}/month</Badge>
          </div>
          <DialogDescription>Everything you need to control SaaS spend as your team grows.</DialogDescription>
        </DialogHeader>
        {reason && (
          <p className="rounded-md border border-primary/30 bg-primary/5 px-3 py-2 text-sm font-medium">
            {reason}
          </p>
        )}
        <ul className="grid gap-2.5">
          {plan.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2.5 text-sm">
              <span className="mt-0.5 flex size-4 items-center justify-center rounded-full bg-primary/15 text-primary">
                <Check className="size-3" aria-hidden />
              </span>
              {feature}
            </li>
          ))}
        </ul>
        <p className="text-center text-xs text-muted-foreground">
          14-day free trial, no credit card required, cancel anytime
        </p>
        {onSwitchPlan && (
          <p className="text-center text-sm">
            <Button variant="link" size="sm" className="h-auto p-0" onClick={() => onSwitchPlan(other)}>
              {other === 'scale'
                ? `Need more? See ${PLANS.scale.name} (${formatWholeMoney(PLANS.scale.price)}/month)`
                : `See ${PLANS.pro.name} (${formatWholeMoney(PLANS.pro.price)}/month) instead`}
            </Button>
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Maybe Later
          </Button>
          {extraActions}
          <Button onClick={upgradeNow} disabled={upgrading}>
            Upgrade Now
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
