import type { SsoConnectionBody } from '../../../common/contracts/sso';
import { canUseFeature } from '../../../common/plans';
import { AppError, badRequest } from '../../errors';
import { newToken } from '../../lib/tokens';
import type { RequestContext, ServiceDeps } from '../../types';
import { diffChanges, recordAudit } from '../../lib/audit';
import { effectivePlanOf, findOrganization } from '../organizations';
import { createLoginState } from './login-states.repo';
import { oidcRedirectUri } from './oidc';
import { protocols } from './protocols';
import { spUrls } from './saml/service-provider';
import { domainOf, safeReturnTo } from './sign-in';
import {
  countVerifiedDomains,
  findConnection,
  findOidcClientSecret,
  findVerifiedDomain,
  upsertConnection,
  type SsoConnectionRow,
  type SsoConnectionValues,
} from './sso.repo';

/**
 * GET /api/auth/sso/start: the organization that verified the e-mail's domain and signs it in,
 * and the identity provider's URL to send the browser to.
 */
export async function startSignIn(deps: ServiceDeps, email: string, returnTo: string | undefined) {
  const domain = domainOf(email);
  const found = await findVerifiedDomain(deps.db, domain);
  const connection = found?.connection;
  const handler = connection?.enabled ? protocols[connection.protocol] : undefined;
  const org = connection && (await findOrganization(deps.db, connection.organizationId));
  if (!connection || !handler || !org || !canUseFeature(effectivePlanOf(org, deps.clock.now()), 'sso')) {
    throw new AppError('sso_not_configured', `Single sign-on is not set up for ${domain}.`);
  }
  const state = newToken();
  const start = await handler.startUrl(deps, connection, { state });
  await createLoginState(deps.db, {
    state,
    orgId: connection.organizationId,
    protocol: connection.protocol,
    nonce: start.nonce,
    codeVerifier: start.codeVerifier,
    requestId: start.requestId,
    returnTo: safeReturnTo(returnTo),
  });
  return start.url;
}

/** The URLs and identifiers the identity provider needs from us. */
function serviceProvider(deps: ServiceDeps, orgId: string) {
  const saml = spUrls(deps.env, orgId);
  return {
    oidcRedirectUri: oidcRedirectUri(deps),
    samlAcsUrl: saml.acsUrl,
    samlEntityId: saml.entityId,
    samlMetadataUrl: saml.metadataUrl,
  };
}

const DEFAULTS: SsoConnectionValues = {
  protocol: 'oidc',
  enabled: false,
  enforced: false,
  oidcIssuer: null,
  oidcClientId: null,
  samlMetadataUrl: null,
  samlIdpEntityId: null,
  samlIdpSsoUrl: null,
  samlIdpCertificates: null,
  defaultRole: 'member',
  groupsClaim: null,
  roleMappings: [],
};

function present(deps: ServiceDeps, orgId: string, row: SsoConnectionRow | null) {
  const values = row ?? DEFAULTS;
  return {
    configured: Boolean(row),
    protocol: values.protocol,
    enabled: values.enabled ?? false,
    enforced: values.enforced ?? false,
    oidcIssuer: values.oidcIssuer ?? null,
    oidcClientId: values.oidcClientId ?? null,
    hasClientSecret: row?.hasClientSecret ?? false,
    samlMetadataUrl: values.samlMetadataUrl ?? null,
    samlIdpEntityId: values.samlIdpEntityId ?? null,
    samlIdpSsoUrl: values.samlIdpSsoUrl ?? null,
    samlIdpCertificates: values.samlIdpCertificates ?? [],
    defaultRole: values.defaultRole ?? 'member',
    groupsClaim: values.groupsClaim ?? null,
    roleMappings: values.roleMappings ?? [],
    serviceProvider: serviceProvider(deps, orgId),
  };
}

export async function getConnection(deps: ServiceDeps, ctx: RequestContext) {
  return present(deps, ctx.orgId, await findConnection(deps.db, ctx.orgId));
}

/** Each protocol's fields a working connection cannot do without. */
function missingFields(values: SsoConnectionValues): string[] {
  const required =
    values.protocol === 'oidc'
      ? { oidcIssuer: values.oidcIssuer, oidcClientId: values.oidcClientId }
      : {
          samlIdpEntityId: values.samlIdpEntityId,
          samlIdpSsoUrl: values.samlIdpSsoUrl,
          samlIdpCertificates: values.samlIdpCertificates?.length ? values.samlIdpCertificates : null,
        };
  return Object.entries(required)
    .filter(([, value]) => !value)
    .map(([field]) => field);
}

/** PUT /api/sso: saves the whole connection (the client secret only when a new one is given). */
export async function saveConnection(deps: ServiceDeps, ctx: RequestContext, body: SsoConnectionBody) {
  const existing = await findConnection(deps.db, ctx.orgId);
  const prepared = (await protocols[body.protocol]?.prepareConfig?.(deps, body)) ?? {};
  const values: SsoConnectionValues = {
    protocol: body.protocol,
    enabled: body.enabled,
    enforced: body.enforced,
    oidcIssuer: body.oidcIssuer?.replace(/\/$/, '') ?? null,
    oidcClientId: body.oidcClientId || null,
    // A new secret replaces the stored one; none given keeps it.
    oidcClientSecret: body.oidcClientSecret ?? undefined,
    samlMetadataUrl: body.samlMetadataUrl ?? null,
    samlIdpEntityId: body.samlIdpEntityId || null,
    samlIdpSsoUrl: body.samlIdpSsoUrl ?? null,
    samlIdpCertificates: body.samlIdpCertificates ?? null,
    defaultRole: body.defaultRole,
    groupsClaim: body.groupsClaim || null,
    roleMappings: body.roleMappings,
    ...prepared,
  };
  if (values.enabled) {
    const missing = missingFields(values);
    if (missing.length) {
      throw badRequest('Fill in the identity provider settings before enabling single sign-on.', {
        fields: missing.map((field) => ({ field, message: 'Required to enable single sign-on' })),
      });
    }
  }
  const { oidcClientSecret: after, ...next } = values;
  return deps.db.transaction(async (tx) => {
    if (values.enforced && (!values.enabled || (await countVerifiedDomains(tx, ctx.orgId)) === 0)) {
      throw badRequest(
        'Enforcing single sign-on needs an enabled connection and at least one verified domain.',
        {
          fields: [{ field: 'enforced', message: 'Enable SSO and verify a domain first' }],
        },
      );
    }
    const before =
      after && existing?.hasClientSecret ? await findOidcClientSecret(tx, deps.secrets, ctx.orgId) : null;
    const row = await upsertConnection(tx, deps.secrets, ctx.orgId, values, deps.clock.now());
    // The secret's value never reaches the audit log: only that it changed.
    const previous: Partial<SsoConnectionRow> = { ...(existing ?? DEFAULTS) };
    // jsonb keeps its own key order: compare mappings as written.
    previous.roleMappings = previous.roleMappings?.map(({ group, role }) => ({ group, role }));
    const changes = diffChanges(previous as Record<string, unknown>, next);
    if (after && after !== before) changes.oidcClientSecret = 'changed';
    await recordAudit(tx, ctx, {
      action: 'sso.update',
      entityType: 'sso_connection',
      entityId: row.id,
      changes,
    });
    return present(deps, ctx.orgId, row);
  });
}
