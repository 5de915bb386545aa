import type { Member } from '@common/contracts/team';
import { canUseFeature, PLANS, type PlanId } from '@common/plans';
import { can, deniedReason, ROLES, type Role } from '@common/roles';

// The team page's controls, decided the way the server decides (common/roles `can` plus the
// owner rules of server/modules/team): each answer is null (allowed) or the tooltip saying why not.

export interface TeamViewer {
  role: Role;
  userId: string;
  plan: PlanId;
  ownerCount: number;
}

const NEEDS_GROWTH = `Changing roles needs the ${PLANS.pro.name} plan.`;
const LAST_OWNER = 'The organization needs at least one owner. Make someone else an owner first.';

/** Inviting: the seat limit is checked by the server (plan_limit opens the upgrade dialog). */
export function inviteDenied(viewer: Pick<TeamViewer, 'role'>): string | null {
  return deniedReason(viewer.role, 'team.manage');
}

export function roleChangeDenied(viewer: TeamViewer, member: Member): string | null {
  const base = deniedReason(viewer.role, 'team.manage');
  if (base) return base;
  if (!canUseFeature(viewer.plan, 'team')) return NEEDS_GROWTH;
  if (member.role === 'owner' && !can(viewer.role, 'ownership.transfer'))
    return "Only an owner can change an owner's role.";
  if (member.role === 'owner' && viewer.ownerCount <= 1) return LAST_OWNER;
  return null;
}

/** The roles this viewer may give (owners are made only by owners). */
export function assignableRoles(viewer: Pick<TeamViewer, 'role'>): Role[] {
  return ROLES.filter((role) => role !== 'owner' || can(viewer.role, 'ownership.transfer'));
}

export function removeDenied(viewer: TeamViewer, member: Member): string | null {
  const base = deniedReason(viewer.role, 'team.manage');
  if (base) return base;
  if (member.role === 'owner' && !can(viewer.role, 'ownership.transfer'))
    return 'Only an owner can remove an owner.';
  if (member.role === 'owner' && viewer.ownerCount <= 1) return LAST_OWNER;
  return null;
}

export function transferDenied(viewer: TeamViewer, member: Member): string | null {
  const base = deniedReason(viewer.role, 'ownership.transfer');
  if (base) return base;
  if (member.userId === viewer.userId) return 'You already own this organization.';
  return null;
}

export function resendDenied(viewer: TeamViewer): string | null {
  return (
    deniedReason(viewer.role, 'team.manage') ??
    (canUseFeature(viewer.plan, 'team') ? null : `Resending needs the ${PLANS.pro.name} plan.`)
  );
}

export function revokeDenied(viewer: TeamViewer): string | null {
  return deniedReason(viewer.role, 'team.manage');
}
