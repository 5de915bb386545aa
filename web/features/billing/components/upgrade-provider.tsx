import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { PaidPlanId } from '@common/plans';
import { ApiError } from '@/lib/api-client';
import { billingKeys } from '../api/keys';
import { UpgradeContext, type UpgradeControls } from '../use-upgrade-dialog';
import { BillingUpgradeDialog } from './billing-upgrade-dialog';
import { TrialStartDialog } from './trial-start-dialog';
import { TrialWelcomeDialog } from './trial-welcome-dialog';

const paidPlanOf = (value: unknown): PaidPlanId => (value === 'scale' ? 'scale' : 'pro');

/**
 * Owns the upgrade → try free → welcome dialogs for every app screen, and is the one place that
 * reacts to plan errors: a 403 plan_limit or plan_required from any mutation opens the upgrade
 * dialog for the plan that allows it; a read_only or account_locked answer refreshes the trial
 * status so the grace dialog or locked screen shows at once instead of at the next poll.
 */
export function UpgradeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [upgrade, setUpgrade] = useState<{ open: boolean; planId: PaidPlanId }>({ open: false, planId: 'pro' });
  const [trialPlan, setTrialPlan] = useState<PaidPlanId | null>(null);
  const [welcomePlan, setWelcomePlan] = useState<PaidPlanId | null>(null);

  const openUpgrade = useCallback((planId: PaidPlanId = 'pro') => setUpgrade({ open: true, planId }), []);
  const openTrialStart = useCallback((planId: PaidPlanId) => {
    setUpgrade((current) => ({ ...current, open: false }));
    setTrialPlan(planId);
  }, []);
  const controls = useMemo<UpgradeControls>(() => ({ openUpgrade, openTrialStart }), [openUpgrade, openTrialStart]);

  useEffect(() => {
    const onError = (error: unknown, fromMutation: boolean) => {
      if (!(error instanceof ApiError)) return;
      const code = error.data?.code;
      if (code === 'read_only' || code === 'account_locked') {
        void queryClient.invalidateQueries({ queryKey: billingKeys.trialStatus() });
      }
      if (fromMutation && (code === 'plan_limit' || code === 'plan_required')) {
        openUpgrade(paidPlanOf(error.data?.requiredPlan));
      }
    };
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error, true);
    });
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error, false);
    });
    return () => {
      stopMutations();
      stopQueries();
    };
  }, [queryClient, openUpgrade]);

  return (
    <UpgradeContext.Provider value={controls}>
      {children}
      <BillingUpgradeDialog
        planId={upgrade.planId}
        open={upgrade.open}
        onOpenChange={(open) => setUpgrade((current) => ({ ...current, open }))}
        onTryFree={openTrialStart}
      />
      <TrialStartDialog
        planId={trialPlan}
        onOpenChange={(open) => !open && setTrialPlan(null)}
        onStarted={(planId) => {
          setTrialPlan(null);
          setWelcomePlan(planId);
        }}
      />
      <TrialWelcomeDialog planId={welcomePlan} />
    </UpgradeContext.Provider>
  );
}
