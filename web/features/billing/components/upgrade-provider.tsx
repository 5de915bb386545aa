import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { LIMIT_KINDS, PLAN_IDS, planLimitReason, type PaidPlanId } from '@common/plans';
import { ApiError } from '@/lib/api-client';
import { billingKeys } from '@/lib/billing/keys';
import { UpgradeContext, type UpgradeControls } from '@/lib/billing/use-upgrade-dialog';

// The dialogs (and the plan cards in them) load when one first opens, not with every screen.
const BillingUpgradeDialog = lazy(() =>
  import('./billing-upgrade-dialog').then((m) => ({ default: m.BillingUpgradeDialog })),
);
const TrialStartDialog = lazy(() =>
  import('./trial-start-dialog').then((m) => ({ default: m.TrialStartDialog })),
);
const TrialWelcomeDialog = lazy(() =>
  import('./trial-welcome-dialog').then((m) => ({ default: m.TrialWelcomeDialog })),
);

const paidPlanOf = (value: unknown): PaidPlanId => (value === 'scale' ? 'scale' : 'pro');
const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  (list as readonly unknown[]).includes(value);

/** "You have 15 of 15 applications on Starter" from a plan_limit body; null when it lacks the figures. */
function limitReason(data: Record<string, unknown> | null): string | null {
  const { kind, limit, current, plan } = data ?? {};
  if (!isOneOf(LIMIT_KINDS, kind) || !isOneOf(PLAN_IDS, plan)) return null;
  if (typeof limit !== 'number' || typeof current !== 'number') return null;
  return planLimitReason({ kind, limit, current, plan });
}

interface UpgradeState {
  open: boolean;
  planId: PaidPlanId;
  /** Why it opened, when a plan limit opened it. */
  reason: string | null;
}

/**
 * Owns the upgrade → try free → welcome dialogs for every app screen, and is the one place that
 * reacts to plan errors: a 403 plan_limit or plan_required from any mutation opens the upgrade
 * dialog for the plan that allows it; a read_only or account_locked answer refreshes the trial
 * status so the grace dialog or locked screen shows at once instead of at the next poll.
 */
export function UpgradeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [upgrade, setUpgrade] = useState<UpgradeState>({ open: false, planId: 'pro', reason: null });
  const [trialPlan, setTrialPlan] = useState<PaidPlanId | null>(null);
  const [welcomePlan, setWelcomePlan] = useState<PaidPlanId | null>(null);

  const openUpgrade = useCallback(
    (planId: PaidPlanId = 'pro', reason: string | null = null) => setUpgrade({ open: true, planId, reason }),
    [],
  );
  const openTrialStart = useCallback((planId: PaidPlanId) => {
    setUpgrade((current) => ({ ...current, open: false }));
    setTrialPlan(planId);
  }, []);
  const [dialogsUsed, setDialogsUsed] = useState(false);
  if (!dialogsUsed && (upgrade.open || trialPlan !== null || welcomePlan !== null)) setDialogsUsed(true);
  const controls = useMemo<UpgradeControls>(
    () => ({ openUpgrade, openTrialStart }),
    [openUpgrade, openTrialStart],
  );

  useEffect(() => {
    const onError = (error: unknown, fromMutation: boolean) => {
      if (!(error instanceof ApiError)) return;
      const code = error.data?.code;
      if (code === 'read_only' || code === 'account_locked') {
        void queryClient.invalidateQueries({ queryKey: billingKeys.trialStatus() });
      }
      if (fromMutation && (code === 'plan_limit' || code === 'plan_required')) {
        openUpgrade(
          paidPlanOf(error.data?.requiredPlan),
          code === 'plan_limit' ? limitReason(error.data) : null,
        );
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
      {dialogsUsed && (
        <Suspense fallback={null}>
          <BillingUpgradeDialog
            planId={upgrade.planId}
            reason={upgrade.reason}
            open={upgrade.open}
            onOpenChange={(open) => setUpgrade((current) => ({ ...current, open }))}
            onTryFree={openTrialStart}
            onSwitchPlan={(planId) => setUpgrade((current) => ({ ...current, planId, reason: null }))}
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
        </Suspense>
      )}
    </UpgradeContext.Provider>
  );
}
