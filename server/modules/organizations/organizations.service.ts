import type { z } from 'zod';
import type { updateOrganizationBody } from '../../../common/contracts/organizations';
import { notFound } from '../../errors';
import type { AuthState, OrganizationRow, RequestContext, ServiceDeps } from '../../types';
import { diffChanges, recordAudit } from '../../lib/audit';
import { setSessionOrganization } from './identity.repo';
import { syncAutoRenew } from './auto-renew';
import { organizationsNeeds } from './needs';
import { listUserOrganizations, updateOrganization } from './organizations.repo';
import { currentState, effectivePlanOf, isTrialActive, viewPlanOf } from './plan-state';

/** The organization as the API shows it, with the caller's role and its plan state as of now. */
export function presentOrganization(
  deps: Pick<ServiceDeps, 'clock' | 'env'>,
  row: OrganizationRow,
  role: RequestContext['role'],
) {
  const now = deps.clock.now();
  const org = currentState(row, now, deps.env.GRACE_DAYS);
  return {
    ...org,
    role,
    effectivePlan: effectivePlanOf(org, now),
    /** The plan whose pages may be viewed: the trial plan during the read-only grace period. */
    viewPlan: viewPlanOf(org, now),
    isTrialActive: isTrialActive(org, now),
  };
}

/** The user's organizations, the session's current one first. */
export async function listOrganizations(deps: ServiceDeps, userId: string, currentOrgId: string | null) {
  const all = await listUserOrganizations(deps.db, userId);
  const current = all.find((m) => m.org.id === currentOrgId) ?? all[0];
  const ordered = current ? [current, ...all.filter((m) => m !== current)] : all;
  return ordered.map((m) => presentOrganization(deps, m.org, m.role));
}

export async function updateCurrentOrganization(
  deps: ServiceDeps,
  ctx: RequestContext,
  input: z.infer<typeof updateOrganizationBody>,
) {
  // Stripe first: if it refuses, nothing changes here either.
  if (input.autoRenewTrial !== undefined && input.autoRenewTrial !== ctx.org.autoRenewTrial) {
    await syncAutoRenew(deps, ctx, input.autoRenewTrial);
  }
  return deps.db.transaction(async (tx) => {
    const org = await updateOrganization(tx, ctx.orgId, input);
    if (input.currency !== undefined && input.currency !== ctx.org.currency) {
      await organizationsNeeds.use().currencyChanged(tx, ctx.orgId);
    }
    await recordAudit(tx, ctx, {
      action: 'organization.update',
      entityType: 'organization',
      entityId: ctx.orgId,
      changes: diffChanges(ctx.org, input),
    });
    return presentOrganization(deps, org!, ctx.role);
  });
}

/** Makes one of the user's organizations the session's current one; others answer 404. */
export async function switchOrganization(deps: ServiceDeps, auth: AuthState, organizationId: string) {
  const all = await listUserOrganizations(deps.db, auth.user.id);
  const target = all.find((m) => m.org.id === organizationId);
  if (!target) throw notFound('Organization');
  await setSessionOrganization(deps.db, auth.session.id, organizationId);
  auth.session.currentOrganizationId = organizationId;
  return presentOrganization(deps, target.org, target.role);
}
