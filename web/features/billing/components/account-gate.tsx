import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { isAccountLocked, isPlanId, type PaidPlanId } from '@common/plans';
import { useOrganization } from '@/lib/organizations/get-organization';
import { useTrialStatus } from '@/lib/billing/get-trial-status';
import { TrialBanner } from './trial-banner';
import { UpgradeProvider } from './upgrade-provider';

// Shown only to an account past its trial: loaded then, not with every screen.
const GraceDialog = lazy(() => import('./grace-dialog').then((m) => ({ default: m.GraceDialog })));
const LockedScreen = lazy(() => import('./locked-screen').then((m) => ({ default: m.LockedScreen })));

/** Where a locked account may still go (spec §2). */
export const BILLING_PATHS = ['/app/settings/plans', '/app/settings/billing'];

const onPath = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/**
 * Wraps every /app screen with the account state: the locked screen instead of the app when the
 * trial ended unpaid (except plans and billing), the grace dialog while read-only (not over
 * settings, which stay readable), the trial banner, and the upgrade dialogs.
 */
export function AccountGate() {
  const { pathname } = useLocation();
  const { data: status } = useTrialStatus();
  const { data: organization } = useOrganization();
  const accountStatus = status?.accountStatus;
  const onBilling = BILLING_PATHS.some((p) => onPath(pathname, p));

  let content = (
    <>
      <TrialBanner />
      <Outlet />
      {accountStatus === 'grace_readonly' && !onPath(pathname, '/app/settings') && (
        <Suspense fallback={null}>
          <GraceDialog graceEndsAt={status?.graceEndsAt ?? null} />
        </Suspense>
      )}
    </>
  );
  if (isAccountLocked(accountStatus) && !onBilling) {
    const plan = status?.trialPlan ?? organization?.subscriptionPlan;
    const upgradeTo: PaidPlanId = isPlanId(plan) && plan !== 'starter' ? plan : 'pro';
    content = (
      <Suspense fallback={null}>
        <LockedScreen planId={upgradeTo} />
      </Suspense>
    );
  }
  return <UpgradeProvider>{content}</UpgradeProvider>;
}
