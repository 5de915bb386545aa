import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PLANS, type Feature } from '@common/plans';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useTrialStatus } from '@/lib/billing/get-trial-status';
import { FEATURE_LABELS } from '@/lib/billing/feature-labels';
import { useFeatureAccess } from '@/lib/billing/use-feature-access';
import { useUpgradeDialog } from '@/lib/billing/use-upgrade-dialog';

/**
 * A gated page: its content on a plan that includes the feature (or, in the read-only grace period,
 * on the trial plan that included it), an upgrade prompt otherwise.
 */
export function PlanGate({ feature, children }: { feature: Feature; children: ReactNode }) {
  const access = useFeatureAccess(feature);
  if (access.loading) {
    return (
      <div className="flex justify-center py-16">
        <Spinner />
      </div>
    );
  }
  return access.viewAllowed ? <>{children}</> : <UpgradePrompt feature={feature} />;
}

/** Shown in place of a page the plan does not include. */
export function UpgradePrompt({ feature }: { feature: Feature }) {
  const { requiredPlan } = useFeatureAccess(feature);
  const { openUpgrade } = useUpgradeDialog();
  const { data: trial } = useTrialStatus();
  const plan = PLANS[requiredPlan];
  return (
    <Card
      className="mx-auto mt-6 flex max-w-xl flex-col items-center gap-4 p-8 text-center"
      data-testid="upgrade-prompt"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/15 text-primary">
        <Lock className="size-5" aria-hidden />
      </span>
      <div className="grid gap-1.5">
        <h2 className="text-lg font-semibold">
          {FEATURE_LABELS[feature]} is part of the {plan.name} plan
        </h2>
        <p className="text-sm text-muted-foreground">
          {trial?.canStartTrial
            ? `Upgrade to ${plan.name} to unlock it, or try ${plan.name} free for 14 days.`
            : `Upgrade to ${plan.name} to unlock it.`}
        </p>
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => openUpgrade(requiredPlan)}>Upgrade to {plan.name}</Button>
        <Button variant="outline" asChild>
          <Link to="/app/settings/plans">Compare plans</Link>
        </Button>
      </div>
    </Card>
  );
}

/** A button for a gated action: on a plan without the feature it opens the upgrade dialog instead. */
export function GatedButton({ feature, onClick, ...props }: ButtonProps & { feature: Feature }) {
  const access = useFeatureAccess(feature);
  const { openUpgrade } = useUpgradeDialog();
  return (
    <Button
      {...props}
      data-gated={access.allowed ? undefined : 'true'}
      onClick={(event) => (access.allowed ? onClick?.(event) : openUpgrade(access.requiredPlan))}
    />
  );
}
