import type { Role } from '../../../common/roles';
import { can } from '../../../common/roles';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { DbOrTx } from '../../db/client';
import type { RequestContext, ServiceDeps } from '../../types';
import { recordAudit } from '../../lib/audit';
import {
  countMembers,
  deleteMember,
  findMember,
  listOrganizationMembers,
  lockOrganization,
  updateMemberRole,
} from '../organizations';

const LAST_OWNER =
  'An organization needs at least one owner. Make another member an owner or transfer ownership first.';

export async function listMembers(deps: ServiceDeps, ctx: RequestContext) {
  return listOrganizationMembers(deps.db, ctx.orgId);
}

async function findTarget(tx: DbOrTx, ctx: RequestContext, userId: string) {
  const member = await findMember(tx, ctx.orgId, userId);
  if (!member) throw notFound('Member');
  return member;
}

/** Owners are made and unmade only by owners (admins manage everyone else). */
function assertMayTouchOwner(ctx: RequestContext, message: string): void {
  if (!can(ctx.role, 'ownership.transfer')) throw forbidden(message);
}

async function assertNotLastOwner(tx: DbOrTx, orgId: string, role: Role): Promise<void> {
  if (role === 'owner' && (await countMembers(tx, orgId, 'owner')) <= 1) throw conflict(LAST_OWNER);
}

export async function changeMemberRole(deps: ServiceDeps, ctx: RequestContext, userId: string, role: Role) {
  return deps.db.transaction(async (tx) => {
    await lockOrganization(tx, ctx.orgId);
    const member = await findTarget(tx, ctx, userId);
    if (member.role === role) return member;
    if (member.role === 'owner' || role === 'owner') {
      assertMayTouchOwner(ctx, "Only an owner can make someone an owner or change an owner's role.");
    }
    await assertNotLastOwner(tx, ctx.orgId, member.role);
    await updateMemberRole(tx, ctx.orgId, userId, role);
    await recordAudit(tx, ctx, {
      action: 'team.member_role_change',
      entityType: 'membership',
      entityId: userId,
      changes: { role: { from: member.role, to: role } },
    });
    return { ...member, role };
  });
}

/** Ends the person's access at once: every request re-reads the membership. */
export async function removeMember(deps: ServiceDeps, ctx: RequestContext, userId: string) {
  await deps.db.transaction(async (tx) => {
    await lockOrganization(tx, ctx.orgId);
    const member = await findTarget(tx, ctx, userId);
    if (member.role === 'owner') assertMayTouchOwner(ctx, 'Only an owner can remove an owner.');
    await assertNotLastOwner(tx, ctx.orgId, member.role);
    await deleteMember(tx, ctx.orgId, userId);
    await recordAudit(tx, ctx, {
      action: 'team.member_remove',
      entityType: 'membership',
      entityId: userId,
      changes: { email: member.email, role: member.role },
    });
  });
}

/** The chosen member becomes owner; the current owner steps down to admin. */
export async function transferOwnership(deps: ServiceDeps, ctx: RequestContext, userId: string) {
  if (userId === ctx.userId) throw badRequest('You already own this organization. Choose another member.');
  await deps.db.transaction(async (tx) => {
    await lockOrganization(tx, ctx.orgId);
    const member = await findTarget(tx, ctx, userId);
    await updateMemberRole(tx, ctx.orgId, userId, 'owner');
    await updateMemberRole(tx, ctx.orgId, ctx.userId, 'admin');
    await recordAudit(tx, ctx, {
      action: 'team.ownership_transfer',
      entityType: 'organization',
      entityId: ctx.orgId,
      changes: { owner: { from: ctx.userId, to: userId }, previousRole: member.role },
    });
  });
  return listOrganizationMembers(deps.db, ctx.orgId);
}
