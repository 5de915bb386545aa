import { createContext, useContext } from 'react';
import type { PaidPlanId } from '@common/plans';

export interface UpgradeControls {
  /** Opens 'Upgrade to {plan}' (Growth unless said otherwise), with why when a limit was reached. */
  openUpgrade: (planId?: PaidPlanId, reason?: string | null) => void;
  /** Opens the 'Try free' dialog for a plan. */
  openTrialStart: (planId: PaidPlanId) => void;
}

const NOOP: UpgradeControls = { openUpgrade: () => undefined, openTrialStart: () => undefined };

export const UpgradeContext = createContext<UpgradeControls | null>(null);

/** The upgrade and trial dialogs of the current app screen (UpgradeProvider). */
export function useUpgradeDialog(): UpgradeControls {
  return useContext(UpgradeContext) ?? NOOP;
}
