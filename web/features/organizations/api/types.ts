import type { PlanId } from '@common/plans';
import type { Role } from '@common/roles';
import type { SetupProgress } from '@common/onboarding';

/** An item of GET /api/organizations (the first is the current organization). */
export interface OrganizationSummary {
  id: string;
  name: string;
  currency: string;
  fiscalYearStartMonth: number;
  subscriptionPlan: PlanId;
  accountStatus: string;
  setupProgress: SetupProgress;
  role: Role;
}

/** GET /api/organization: the current organization with its plan and trial state. */
export interface OrganizationDetail extends OrganizationSummary {
  companySize: string | null;
  trialPlan: PlanId | null;
  trialEndsAt: string | null;
  graceEndsAt: string | null;
  hasPaymentMethod: boolean;
  autoRenewTrial: boolean;
  effectivePlan: PlanId;
  isTrialActive: boolean;
}
