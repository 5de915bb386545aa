import { notificationListQuery } from '../../../common/contracts/notifications';
import { isAccountLocked } from '../../../common/plans';
import { can } from '../../../common/roles';
import type { AuthState, RequestContext, ServiceDeps } from '../../types';
import { listPlans, trialStatusOf } from '../billing';
import { countUnread, listNotifications } from '../notifications';
import { versionedCache } from '../../lib/versioned-cache';
import { currentState, listOrganizations } from '../organizations';
import { listSettingsItems } from '../settings-lists';
import { userContext } from '../../lib/acting-context';

// The popover's list: the same defaults as GET /api/notifications?status=active.
const ACTIVE_NOTIFICATIONS = notificationListQuery.parse({ status: 'active' });

/** Every settings list with its usage counts, as GET /api/settings/<list> answers each. */
async function settingsLists(deps: ServiceDeps, ctx: RequestContext) {
  const [categories, tags, paymentMethods, useCases, projects] = await Promise.all([
    listSettingsItems(deps, ctx, 'categories'),
    listSettingsItems(deps, ctx, 'tags'),
    listSettingsItems(deps, ctx, 'payment-methods'),
    listSettingsItems(deps, ctx, 'use-cases'),
    listSettingsItems(deps, ctx, 'projects'),
  ]);
  return { categories, tags, paymentMethods, useCases, projects };
}

// The lists and their usage counts change only with the organization's applications and settings
// items, whose writes bump its subscription_versions counter (migrations 0018, 0021): kept per
// server under that version, so a start-up does not count usage over every application each time.
const settingsListsCache = versionedCache<Awaited<ReturnType<typeof settingsLists>>>({ maxEntries: 1_000 });

/** The settings lists and notifications, each read as its own endpoint would (same guard rules). */
async function organizationData(deps: ServiceDeps, ctx: RequestContext) {
  if (isAccountLocked(ctx.org.accountStatus) || !can(ctx.role, 'data.read')) {
    return { notifications: null, settingsLists: null };
  }
  const lists = () => settingsLists(deps, ctx);
  const [count, active, cachedLists] = await Promise.all([
    countUnread(deps.db, ctx.orgId),
    listNotifications(deps.db, ctx.orgId, ACTIVE_NOTIFICATIONS),
    ctx.subscriptionsVersion === undefined
      ? lists()
      : settingsListsCache.get(deps, ctx.orgId, String(ctx.subscriptionsVersion), lists),
  ]);
  return { notifications: { count, active }, settingsLists: cachedLists };
}

/**
 * What the app shell reads at start (user, organizations, plan and trial, unread notifications,
 * settings lists) in one answer, so the first screen waits for one round trip, not eleven.
 */
export async function sessionBootstrap(deps: ServiceDeps, auth: AuthState) {
  const userId = auth.user.id;
  // The current membership was read with the session (the guard's one query).
  const { membership } = auth;
  const organizations = await listOrganizations(deps, userId, auth.session.currentOrganizationId);
  const base = { user: auth.user, organizations, plans: listPlans(deps) };
  if (!membership) {
    return { ...base, organization: null, trialStatus: null, notifications: null, settingsLists: null };
  }
  const now = deps.clock.now();
  const org = currentState(membership.org, now, deps.env.GRACE_DAYS);
  const ctx: RequestContext = {
    ...userContext(org.id, userId, membership.role, now),
    userId,
    role: membership.role,
    org,
    subscriptionsVersion: membership.subscriptionsVersion,
  };
  return {
    ...base,
    organization: organizations[0],
    trialStatus: trialStatusOf(org, now),
    ...(await organizationData(deps, ctx)),
  };
}
