import { notificationListQuery } from '../../../common/contracts/notifications';
import { isAccountLocked } from '../../../common/plans';
import { can } from '../../../common/roles';
import type { AuthState, RequestContext, ServiceDeps } from '../../types';
import { listPlans, trialStatusOf } from '../billing';
import { countUnread, listNotifications } from '../notifications';
import { currentState, listOrganizations, resolveCurrentMembership } from '../organizations';
import { listSettingsItems } from '../settings-lists';

// The popover's list: the same defaults as GET /api/notifications?status=active.
const ACTIVE_NOTIFICATIONS = notificationListQuery.parse({ status: 'active' });

/** The settings lists and notifications, each read as its own endpoint would (same guard rules). */
async function organizationData(deps: ServiceDeps, ctx: RequestContext) {
  if (isAccountLocked(ctx.org.accountStatus) || !can(ctx.role, 'data.read')) {
    return { notifications: null, settingsLists: null };
  }
  const [count, active, categories, tags, paymentMethods, useCases, projects] = await Promise.all([
    countUnread(deps.db, ctx.orgId),
    listNotifications(deps.db, ctx.orgId, ACTIVE_NOTIFICATIONS),
    listSettingsItems(deps, ctx, 'categories'),
    listSettingsItems(deps, ctx, 'tags'),
    listSettingsItems(deps, ctx, 'payment-methods'),
    listSettingsItems(deps, ctx, 'use-cases'),
    listSettingsItems(deps, ctx, 'projects'),
  ]);
  return {
    notifications: { count, active },
    settingsLists: { categories, tags, paymentMethods, useCases, projects },
  };
}

/**
 * What the app shell reads at start (user, organizations, plan and trial, unread notifications,
 * settings lists) in one answer, so the first screen waits for one round trip, not eleven.
 */
export async function sessionBootstrap(deps: ServiceDeps, auth: AuthState) {
  const userId = auth.user.id;
  const currentOrgId = auth.session.currentOrganizationId;
  const [organizations, membership] = await Promise.all([
    listOrganizations(deps, userId, currentOrgId),
    resolveCurrentMembership(deps.db, userId, currentOrgId),
  ]);
  const base = { user: auth.user, organizations, plans: listPlans(deps) };
  if (!membership) {
    return { ...base, organization: null, trialStatus: null, notifications: null, settingsLists: null };
  }
  const now = deps.clock.now();
  const org = currentState(membership.org, now, deps.env.GRACE_DAYS);
  const ctx: RequestContext = { orgId: org.id, userId, role: membership.role, org };
  return {
    ...base,
    organization: organizations[0],
    trialStatus: trialStatusOf(org, now),
    ...(await organizationData(deps, ctx)),
  };
}
