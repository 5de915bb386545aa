import type { PlanId } from '@common/plans';
import type { Role } from '@common/roles';
import type { User } from '@common/contracts/auth';
import type { OrganizationDetail, OrganizationSummary } from '@/lib/organizations/types';
import type { AppNotification } from '@/lib/notifications/types';

export const user: User = {
  id: 'u1',
  email: 'maya@example.com',
  firstName: 'Maya',
  lastName: 'Chen',
  jobTitle: 'Finance Lead',
  onboardingPhase: 'completed',
  createdAt: '2025-01-06T10:00:00.000Z',
};

export const organization: OrganizationSummary = {
  id: 'o1',
  name: 'Northwind Labs',
  currency: 'USD',
  fiscalYearStartMonth: 1,
  subscriptionPlan: 'starter',
  accountStatus: 'active',
  setupProgress: { addApplications: true, inviteTeam: true },
  role: 'owner',
};

export const organizationDetail: OrganizationDetail = {
  ...organization,
  companySize: '11-50',
  trialPlan: null,
  trialEndsAt: null,
  graceEndsAt: null,
  hasPaymentMethod: false,
  autoRenewTrial: false,
  effectivePlan: 'starter',
  viewPlan: 'starter',
  isTrialActive: false,
};

export function notification(overrides: Partial<AppNotification> = {}): AppNotification {
  return {
    id: 'n1',
    type: 'due-soon',
    title: 'Figma renews in 7 days',
    message: 'Cancel by Friday to avoid another year.',
    priority: 'medium',
    subscriptionId: 's1',
    subscriptionName: 'Figma',
    createdAt: new Date().toISOString(),
    actionUrl: '/app/subscriptions/s1',
    actionText: 'Review',
    dismissedAt: null,
    ...overrides,
  };
}

/** Who is signed in, and where: the start-up answers every screen asks first. */
export function session(role: Role = 'owner', plan: PlanId = 'pro') {
  return {
    'GET /api/auth/user': user,
    'GET /api/organizations': [{ ...organization, role, subscriptionPlan: plan }],
    'GET /api/organization': {
      ...organizationDetail,
      role,
      subscriptionPlan: plan,
      effectivePlan: plan,
      viewPlan: plan,
    },
  };
}
