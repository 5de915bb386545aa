import { canUseFeature } from '../../../common/plans';
import type { ServiceDeps } from '../../types';
import { effectivePlanOf, findMembership, findOrganization } from '../organizations';
import { domainOf } from './sign-in';
import { findVerifiedDomain } from './sso.repo';

/**
 * The organization that requires single sign-on of this user: it verified their e-mail's domain,
 * enforces SSO on an enabled connection, still has the feature, and they are a member. `owner`:
 * they own it and keep a password login (break-glass, audited) for when the identity provider fails.
 */
export async function ssoEnforcementFor(deps: ServiceDeps, user: { id: string; email: string }) {
  const found = await findVerifiedDomain(deps.db, domainOf(user.email));
  const connection = found?.connection;
  if (!connection?.enabled || !connection.enforced) return null;
  const orgId = connection.organizationId;
  const membership = await findMembership(deps.db, orgId, user.id);
  const org = membership && (await findOrganization(deps.db, orgId));
  if (!membership || !org || !canUseFeature(effectivePlanOf(org, deps.clock.now()), 'sso')) return null;
  return { orgId, owner: membership.role === 'owner' };
}
