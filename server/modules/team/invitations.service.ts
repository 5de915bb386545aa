import { displayName } from '../../../common/display-name';
import type { InviteBody } from '../../../common/contracts/team';
import { ROLE_LABELS } from '../../../common/roles';
import type { DbOrTx } from '../../db/client';
import { invitationMail } from '../../email/templates';
import { AppError, conflict, notFound } from '../../errors';
import { DAY_MS } from '../../lib/clock';
import { hashToken, newToken } from '../../lib/tokens';
import type { AuthState, OrganizationRow, RequestContext, ServiceDeps, UserRow } from '../../types';
import { recordAudit, recordAuditWithoutContext } from '../../lib/audit';
import {
  consumeInvitation,
  countMembers,
  countPendingInvitations,
  findInvitation,
  findInvitationByTokenHash,
  findMembership,
  findOpenInvitationByEmail,
  findUserByEmail,
  findUserById,
  type InvitationRow,
  insertInvitation,
  insertMembership,
  isMemberByEmail,
  listOpenInvitations,
  lockOrganization,
  markSetupStep,
  setSessionOrganization,
  updateInvitation,
  updateUser,
} from '../organizations';
import { assertWithinLimit } from '../billing';

export const INVITATION_TTL_MS = 7 * DAY_MS;

type Person = Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName'>;

export function presentInvitation(row: { invitation: InvitationRow; inviter: Person | null }, now: Date) {
  const { invitation, inviter } = row;
  return {
    ...invitation,
    status: invitation.expiresAt > now ? ('pending' as const) : ('expired' as const),
    invitedBy: inviter ? { id: inviter.id, name: displayName(inviter), email: inviter.email } : null,
  };
}

/** Members plus invitations whose link still works: the seats in use (issue 8). */
async function seatsInUse(db: DbOrTx, orgId: string, now: Date, exceptId?: string) {
  return (await countMembers(db, orgId)) + (await countPendingInvitations(db, orgId, now, exceptId));
}

/**
 * E-mails the link. Without e-mail configured the message only reaches the server log, so the
 * answer carries the link for the owner or admin who sent it to pass on themselves.
 */
async function sendInvitationMail(
  deps: ServiceDeps,
  org: OrganizationRow,
  inviter: Person | null,
  invitation: InvitationRow,
  token: string,
): Promise<{ emailConfigured: boolean; inviteUrl: string | null }> {
  const url = `${deps.env.appOrigin}/invite/accept?token=${encodeURIComponent(token)}`;
  const mail = invitationMail({
    inviterName: inviter ? displayName(inviter) : `A ${org.name} administrator`,
    organizationName: org.name,
    roleLabel: ROLE_LABELS[invitation.role],
    inviteeName: invitation.firstName,
    url,
  });
  await deps.mailer.send({ to: invitation.email, organizationId: org.id, ...mail });
  const emailConfigured = deps.mailer.configured;
  return { emailConfigured, inviteUrl: emailConfigured ? null : url };
}

export async function listInvitations(deps: ServiceDeps, ctx: RequestContext) {
  const rows = await listOpenInvitations(deps.db, ctx.orgId);
  return rows.map((row) => presentInvitation(row, deps.clock.now()));
}

export async function createInvitation(deps: ServiceDeps, ctx: RequestContext, input: InviteBody) {
  const now = deps.clock.now();
  const email = input.email.trim();
  const token = newToken();
  const invitation = await deps.db.transaction(async (tx) => {
    await lockOrganization(tx, ctx.orgId);
    if (await isMemberByEmail(tx, ctx.orgId, email)) {
      throw conflict(`${email} is already a member of this organization.`);
    }
    const open = await findOpenInvitationByEmail(tx, ctx.orgId, email);
    if (open && open.expiresAt > now) {
      throw conflict(`${email} has already been invited. You can resend the invitation from the Team page.`);
    }
    assertWithinLimit(ctx.org, now, 'users', await seatsInUse(tx, ctx.orgId, now), {
      counting: 'pending invitations',
    });
    // An expired invitation to the same address is superseded by the new one.
    if (open) await updateInvitation(tx, ctx.orgId, open.id, { revokedAt: now, updatedAt: now });
    const row = await insertInvitation(tx, {
      organizationId: ctx.orgId,
      email,
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
      role: input.role ?? 'member',
      tokenHash: hashToken(token),
      invitedBy: ctx.userId,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      createdAt: now,
      updatedAt: now,
    });
    await markSetupStep(tx, ctx.orgId, 'inviteTeam', now);
    await recordAudit(tx, ctx, {
      action: 'team.invite',
      entityType: 'invitation',
      entityId: row.id,
      changes: { email, role: row.role },
    });
    return row;
  });
  const inviter = await findUserById(deps.db, ctx.userId);
  const delivery = await sendInvitationMail(deps, ctx.org, inviter, invitation, token);
  return { ...presentInvitation({ invitation, inviter }, now), ...delivery };
}

async function findOpen(tx: DbOrTx, ctx: RequestContext, id: string) {
  const row = await findInvitation(tx, ctx.orgId, id);
  if (!row || row.invitation.revokedAt) throw notFound('Invitation');
  if (row.invitation.acceptedAt) {
    throw conflict('This invitation has already been accepted; manage the person from the members list.');
  }
  return row;
}

/** A new link (the old one stops working) valid for another 7 days, e-mailed again. */
export async function resendInvitation(deps: ServiceDeps, ctx: RequestContext, id: string) {
  const now = deps.clock.now();
  const token = newToken();
  const row = await deps.db.transaction(async (tx) => {
    await lockOrganization(tx, ctx.orgId);
    const found = await findOpen(tx, ctx, id);
    assertWithinLimit(ctx.org, now, 'users', await seatsInUse(tx, ctx.orgId, now, id), {
      counting: 'pending invitations',
    });
    const invitation = await updateInvitation(tx, ctx.orgId, id, {
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      updatedAt: now,
    });
    await recordAudit(tx, ctx, {
      action: 'team.invitation_resend',
      entityType: 'invitation',
      entityId: id,
    });
    return { invitation: invitation!, inviter: found.inviter };
  });
  const sender = await findUserById(deps.db, ctx.userId);
  const delivery = await sendInvitationMail(deps, ctx.org, sender, row.invitation, token);
  return { ...presentInvitation(row, now), ...delivery };
}

export async function revokeInvitation(deps: ServiceDeps, ctx: RequestContext, id: string) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await findOpen(tx, ctx, id);
    await updateInvitation(tx, ctx.orgId, id, { revokedAt: now, updatedAt: now });
    await recordAudit(tx, ctx, {
      action: 'team.invitation_revoke',
      entityType: 'invitation',
      entityId: id,
    });
  });
}

const invalidLink = () =>
  new AppError(
    'not_found',
    'This invitation link is not valid. Check that you used the whole link from the e-mail, or ask for a new invitation.',
  );

/** Refuses a link that can no longer be used, saying why. */
function assertUsable(invitation: InvitationRow, now: Date): void {
  if (invitation.revokedAt) {
    throw new AppError(
      'invalid_token',
      'This invitation has been withdrawn. Ask an administrator for a new one.',
    );
  }
  if (invitation.acceptedAt) {
    throw new AppError(
      'invalid_token',
      'This invitation has already been used. Sign in to open the organization.',
    );
  }
  if (invitation.expiresAt <= now) {
    throw new AppError(
      'invalid_token',
      'This invitation has expired. Ask an administrator to send a new one.',
    );
  }
}

/** The public preview behind the e-mailed link. */
export async function previewInvitation(deps: ServiceDeps, token: string) {
  const row = await findInvitationByTokenHash(deps.db, hashToken(token));
  if (!row) throw invalidLink();
  assertUsable(row.invitation, deps.clock.now());
  const { invitation, organization, inviter } = row;
  return {
    organizationName: organization.name,
    inviterName: inviter ? displayName(inviter) : `A ${organization.name} administrator`,
    email: invitation.email,
    firstName: invitation.firstName,
    lastName: invitation.lastName,
    role: invitation.role,
    expiresAt: invitation.expiresAt,
    hasAccount: Boolean(await findUserByEmail(deps.db, invitation.email)),
  };
}

/**
 * Joins the signed-in user to the invitation's organization (once), makes it the session's
 * current one and finishes their onboarding: the workspace is the inviter's, their name came
 * with registration.
 */
export async function acceptInvitation(deps: ServiceDeps, auth: AuthState, token: string) {
  const now = deps.clock.now();
  const tokenHash = hashToken(token);
  const { user, session } = auth;
  return deps.db.transaction(async (tx) => {
    const row = await findInvitationByTokenHash(tx, tokenHash);
    if (!row) throw invalidLink();
    assertUsable(row.invitation, now);
    const { invitation, organization } = row;
    if (invitation.email.toLowerCase() !== user.email.toLowerCase()) {
      throw new AppError(
        'forbidden',
        `This invitation was sent to ${invitation.email}, but you are signed in as ${user.email}. Sign out, then sign in or register with ${invitation.email}.`,
      );
    }
    await lockOrganization(tx, organization.id);
    const existing = await findMembership(tx, organization.id, user.id);
    if (!existing) assertWithinLimit(organization, now, 'users', await countMembers(tx, organization.id));
    if (!(await consumeInvitation(tx, tokenHash, user.id, now))) {
      throw new AppError(
        'invalid_token',
        'This invitation has already been used. Sign in to open the organization.',
      );
    }
    if (!existing) await insertMembership(tx, organization.id, user.id, invitation.role, now);
    await setSessionOrganization(tx, session.id, organization.id);
    if (user.onboardingPhase !== 'completed') await updateUser(tx, user.id, { onboardingPhase: 'completed' });
    await recordAuditWithoutContext(tx, {
      orgId: organization.id,
      userId: user.id,
      action: 'team.invitation_accept',
      entityType: 'invitation',
      entityId: invitation.id,
      changes: { role: existing?.role ?? invitation.role },
    });
    return {
      organizationId: organization.id,
      organizationName: organization.name,
      role: existing?.role ?? invitation.role,
    };
  });
}
