import { SCIM_TOKEN_PREFIX } from '../../../common/security';
import { canUseFeature, FEATURE_MIN_PLAN, isAccountLocked, isReadOnly, PLANS } from '../../../common/plans';
import { conflict, notFound } from '../../errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { scimContext } from '../../lib/acting-context';
import { hashToken, newToken } from '../../lib/tokens';
import type { RequestContext, ServiceDeps } from '../../types';
import { recordAudit } from '../../lib/audit';
import { currentState, effectivePlanOf, findCredentialCreator } from '../organizations';
import { ScimError } from './scim-error';
import * as repo from './scim.repo';

/** Characters of the token kept in clear to recognise it: the kind and four of the secret. */
const PREFIX_LENGTH = SCIM_TOKEN_PREFIX.length + 4;

export const scimBaseUrl = (deps: ServiceDeps) => `${deps.env.APP_URL.replace(/\/$/, '')}/scim/v2`;

export async function getScimTokenStatus(deps: ServiceDeps, ctx: RequestContext) {
  const row = await repo.findToken(deps.db, ctx.orgId);
  return {
    exists: row !== null,
    prefix: row?.prefix ?? null,
    createdAt: row?.createdAt ?? null,
    lastUsedAt: row?.lastUsedAt ?? null,
    baseUrl: scimBaseUrl(deps),
  };
}

/** Creates the organization's token, or replaces it: the old one stops working at once. */
export async function rotateScimToken(deps: ServiceDeps, ctx: RequestContext) {
  const token = `${SCIM_TOKEN_PREFIX}${newToken(32)}`;
  const now = deps.clock.now();
  await deps.db
    .transaction(async (tx) => {
      const previous = await repo.deleteToken(tx, ctx.orgId);
      const row = await repo.insertToken(tx, {
        organizationId: ctx.orgId,
        prefix: token.slice(0, PREFIX_LENGTH),
        tokenHash: hashToken(token),
        createdBy: ctx.userId,
        createdAt: now,
      });
      await recordAudit(tx, ctx, {
        action: 'scim.token_rotate',
        entityType: 'scim_token',
        entityId: row.id,
        changes: { prefix: { from: previous?.prefix ?? null, to: row.prefix } },
      });
    })
    .catch((error: unknown) => {
      // Two rotations at once: one wins, the other is told (the organization has one token).
      throw isUniqueViolation(error)
        ? conflict('The SCIM token was just changed: reload and try again.')
        : error;
    });
  return { ...(await getScimTokenStatus(deps, ctx)), token };
}

export async function revokeScimToken(deps: ServiceDeps, ctx: RequestContext) {
  await deps.db.transaction(async (tx) => {
    const previous = await repo.deleteToken(tx, ctx.orgId);
    if (!previous) throw notFound('SCIM token');
    await recordAudit(tx, ctx, {
      action: 'scim.token_revoke',
      entityType: 'scim_token',
      changes: { prefix: previous.prefix },
    });
  });
}

const unauthorized = () => new ScimError(401, 'A valid SCIM bearer token is required.');

/** A SCIM bearer token that is live: its row and the member it acts for. */
export interface ScimCredential {
  tokenId: string;
  membership: NonNullable<Awaited<ReturnType<typeof findCredentialCreator>>>;
}

/**
 * The live token behind an `Authorization: Bearer …` header. Like an API key, it stops working
 * (401) once the member who made it is no longer an owner or admin of the organization.
 */
export async function findScimCredential(
  deps: ServiceDeps,
  authorization: string | undefined,
): Promise<ScimCredential> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (!match || !match[1].startsWith(SCIM_TOKEN_PREFIX) || match[1].length > 200) throw unauthorized();
  const token = await repo.findTokenByHash(deps.db, hashToken(match[1]));
  const membership = token && (await findCredentialCreator(deps.db, token.createdBy, token.organizationId));
  if (!token || !membership) throw unauthorized();
  return { tokenId: token.id, membership };
}

/**
 * The organization a SCIM request acts for. It acts with the rights of an admin, on behalf of the
 * member who made the token (offboarding and other services want a person; the audit log names
 * them). Refused with 403 when the organization cannot use SCIM now.
 */
export async function authenticateScim(
  deps: ServiceDeps,
  credential: ScimCredential,
  method: string,
): Promise<RequestContext> {
  const now = deps.clock.now();
  const org = currentState(credential.membership.org, now, deps.env.GRACE_DAYS);
  if (isAccountLocked(org.accountStatus)) throw new ScimError(403, 'The Stackwise account is locked.');
  if (isReadOnly(org.accountStatus) && method !== 'GET')
    throw new ScimError(403, 'The Stackwise account is read-only: its trial has ended.');
  const plan = effectivePlanOf(org, now);
  if (!canUseFeature(plan, 'scim')) {
    throw new ScimError(
      403,
      `SCIM provisioning needs the ${PLANS[FEATURE_MIN_PLAN.scim].name} plan; this organization is on ${PLANS[plan].name}.`,
    );
  }
  await repo.touchToken(deps.db, credential.tokenId, now);
  const creator = credential.membership.user.id;
  return {
    ...scimContext(org.id, { tokenId: credential.tokenId, creator }, now),
    userId: creator,
    role: 'admin',
    org,
  };
}
