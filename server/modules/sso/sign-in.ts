import { canUseFeature } from '../../../common/plans';
import type { Role } from '../../../common/roles';
import type { SsoProtocol, SsoRole, SsoRoleMapping } from '../../../common/security';
import { AppError } from '../../errors';
import type { DbOrTx } from '../../db/client';
import { storableDeep } from '../../lib/storable-text';
import type { ServiceDeps, UserRow } from '../../types';
import { recordAuditWithoutContext } from '../../lib/audit';
import { assertWithinLimit } from '../billing';
import {
  countMembers,
  countPendingInvitations,
  effectivePlanOf,
  findMembership,
  findOrganization,
  findUserByEmail,
  insertMembership,
  insertUser,
  lockOrganization,
  startSession,
  updateMemberRole,
  updateUser,
  type ClientInfo,
} from '../organizations';
import { findConnection, findVerifiedDomain, type SsoConnectionRow } from './sso.repo';

/**
 * The password hash of a user created by single sign-on: not an argon2 hash, so verifyPassword
 * (server/modules/auth/passwords.ts) is false for every password. They may still set one through
 * "Forgot password" unless their organization enforces SSO.
 */
const SSO_ONLY_PASSWORD_HASH = '!sso-only';

/** Where a sign-in may land: a path of the app, never another site. */
export function safeReturnTo(value: string | null | undefined): string {
  return value && /^\/app(?:[/?#]|$)/.test(value) && !value.includes('\\') ? value : '/app';
}

/** The e-mail's domain, lower case. */
export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

const RANK: Record<SsoRole, number> = { viewer: 0, member: 1, admin: 2 };

/** The strongest role the user's groups map to, or null when no mapping names one of them. */
export function mappedRole(mappings: SsoRoleMapping[], groups: string[]): SsoRole | null {
  const names = new Set(groups.map((g) => g.toLowerCase()));
  let best: SsoRole | null = null;
  for (const mapping of mappings) {
    if (names.has(mapping.group.toLowerCase()) && (!best || RANK[mapping.role] > RANK[best]))
      best = mapping.role;
  }
  return best;
}

export interface SsoIdentity {
  orgId: string;
  protocol: SsoProtocol;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  /** The identity provider's groups; undefined when it sent none (the role is then left alone). */
  groups?: string[];
  /** From the login state. */
  returnTo?: string | null;
}

const notAllowed = (message: string) => new AppError('sso_not_allowed', message);

/** Refuses unless the organization signs this e-mail in with this protocol right now. */
async function assertAllowed(deps: ServiceDeps, input: SsoIdentity): Promise<SsoConnectionRow> {
  const org = await findOrganization(deps.db, input.orgId);
  const connection = await findConnection(deps.db, input.orgId);
  if (!org || !connection?.enabled || connection.protocol !== input.protocol) {
    throw notAllowed('Single sign-on is not enabled for this organization.');
  }
  if (!canUseFeature(effectivePlanOf(org, deps.clock.now()), 'sso')) {
    throw notAllowed('Single sign-on needs the Scale plan: ask an owner of the organization to upgrade.');
  }
  const domain = domainOf(input.email);
  const verified = await findVerifiedDomain(deps.db, domain);
  if (verified?.domain.organizationId !== input.orgId) {
    throw notAllowed(`${domain} is not a verified domain of this organization.`);
  }
  return connection;
}

/** Finds the user by e-mail, or creates one who can only sign in with SSO (just-in-time provisioning). */
async function findOrCreateUser(
  tx: DbOrTx,
  input: SsoIdentity,
): Promise<{ user: UserRow; created: boolean }> {
  const existing = await findUserByEmail(tx, input.email);
  if (!existing) {
    const user = await insertUser(tx, {
      email: input.email.toLowerCase(),
      passwordHash: SSO_ONLY_PASSWORD_HASH,
      firstName: input.firstName?.trim() ?? '',
      lastName: input.lastName?.trim() ?? '',
      onboardingPhase: 'completed',
    });
    return { user, created: true };
  }
  // The workspace is the organization's, the name comes from the identity provider if still blank.
  const patch = {
    ...(existing.onboardingPhase !== 'completed' && { onboardingPhase: 'completed' as const }),
    ...(!existing.firstName && input.firstName?.trim() && { firstName: input.firstName.trim() }),
    ...(!existing.lastName && input.lastName?.trim() && { lastName: input.lastName.trim() }),
  };
  const user = Object.keys(patch).length ? await updateUser(tx, existing.id, patch) : existing;
  return { user, created: false };
}

/**
 * Makes the user a member with the role their groups map to. A new member gets the mapped role or
 * the default; an existing one follows the mappings on every sign-in (when the organization has
 * mappings and the identity provider sent groups), except owners, who are never changed.
 */
async function syncMembership(
  deps: ServiceDeps,
  tx: DbOrTx,
  connection: SsoConnectionRow,
  user: UserRow,
  groups: string[] | undefined,
) {
  const orgId = connection.organizationId;
  const mapped = groups ? mappedRole(connection.roleMappings, groups) : null;
  const membership = await findMembership(tx, orgId, user.id);
  if (!membership) {
    const org = await lockOrganization(tx, orgId);
    if (!org) throw notAllowed('This organization no longer exists.');
    const now = deps.clock.now();
    const seats = (await countMembers(tx, orgId)) + (await countPendingInvitations(tx, orgId, now));
    assertWithinLimit(org, now, 'users', seats);
    const role: Role = mapped ?? connection.defaultRole;
    await insertMembership(tx, orgId, user.id, role, now);
    await recordAuditWithoutContext(tx, {
      orgId,
      userId: user.id,
      action: 'team.member_join',
      entityType: 'user',
      entityId: user.id,
      changes: { role, via: connection.protocol },
    });
    return;
  }
  const follows = groups !== undefined && connection.roleMappings.length > 0;
  const role: Role = mapped ?? connection.defaultRole;
  if (!follows || membership.role === 'owner' || membership.role === role) return;
  await updateMemberRole(tx, orgId, user.id, role);
  await recordAuditWithoutContext(tx, {
    orgId,
    userId: user.id,
    action: 'team.member_role_change',
    entityType: 'user',
    entityId: user.id,
    changes: { role: { from: membership.role, to: role }, via: connection.protocol },
  });
}

/**
 * The end of every single sign-on (OIDC callback, SAML ACS), once the protocol has proved who the
 * user is: checks the organization signs this e-mail in, provisions the user and membership, and
 * starts a session in that organization.
 */
export async function completeSsoSignIn(deps: ServiceDeps, identity: SsoIdentity, client: ClientInfo) {
  // OIDC claims and SAML attributes are the IdP's text: stored only as PostgreSQL takes it.
  const input = storableDeep(identity);
  const connection = await assertAllowed(deps, input);
  const user = await deps.db.transaction(async (tx) => {
    const found = await findOrCreateUser(tx, input);
    await syncMembership(deps, tx, connection, found.user, input.groups);
    await recordAuditWithoutContext(tx, {
      orgId: input.orgId,
      userId: found.user.id,
      action: 'auth.sso_login',
      entityType: 'user',
      entityId: found.user.id,
      changes: { protocol: input.protocol, ...(found.created && { created: true }) },
      ip: client.ip,
    });
    return found.user;
  });
  const token = await startSession(deps, user.id, client, input.orgId);
  return { token, user, returnTo: safeReturnTo(input.returnTo) };
}
