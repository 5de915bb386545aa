// The demo's single sign-on (issue 21): a verified domain and an OpenID Connect connection that is
// configured but off, so Settings → Security shows a realistic set-up without letting anyone in.
// The domain is the organization's own (a verified domain belongs to one organization). The IT lead
// set it up months ago (audit-log.ts records it), not whoever loads the demo, and not just now.
import { ssoConnections, ssoDomains } from '../../server/db/schema';
import type { DemoContext } from './context';

const DAY_MS = 86_400_000;
/** When the IT lead added the domain, verified it and configured the connection (days ago). */
export const SSO_SET_UP_DAYS_AGO = { domainAdded: 150, domainVerified: 149, connection: 148 };

export async function generateSso(ctx: DemoContext): Promise<void> {
  const ago = (days: number, hour: number) => {
    const at = new Date(ctx.now.getTime() - days * DAY_MS);
    at.setUTCHours(hour, 0, 0, 0);
    return at;
  };
  await ctx.db
    .insert(ssoDomains)
    .values({
      organizationId: ctx.orgId,
      domain: `sso-${ctx.orgId.slice(0, 8)}.example`,
      verificationToken: `demo-${ctx.orgId.slice(0, 8)}`,
      verifiedAt: ago(SSO_SET_UP_DAYS_AGO.domainVerified, 10),
      lastCheckedAt: ago(SSO_SET_UP_DAYS_AGO.domainVerified, 10),
      createdAt: ago(SSO_SET_UP_DAYS_AGO.domainAdded, 15),
    })
    .onConflictDoNothing();
  await ctx.db
    .insert(ssoConnections)
    .values({
      organizationId: ctx.orgId,
      protocol: 'oidc',
      enabled: false,
      oidcIssuer: 'https://login.example.com',
      oidcClientId: 'stackwise-demo',
      defaultRole: 'viewer',
      groupsClaim: 'groups',
      roleMappings: [
        { group: 'Finance', role: 'admin' },
        { group: 'IT', role: 'member' },
      ],
      createdAt: ago(SSO_SET_UP_DAYS_AGO.connection, 11),
      updatedAt: ago(SSO_SET_UP_DAYS_AGO.connection, 11),
    })
    .onConflictDoNothing();
}
