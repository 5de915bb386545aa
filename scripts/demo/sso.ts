// The demo's single sign-on (issue 21): a verified domain and an OpenID Connect connection that is
// configured but off, so Settings → Security shows a realistic set-up without letting anyone in.
// The domain is the organization's own (a verified domain belongs to one organization).
import { ssoConnections, ssoDomains } from '../../server/db/schema';
import type { DemoContext } from './context';

export async function generateSso(ctx: DemoContext): Promise<void> {
  await ctx.db
    .insert(ssoDomains)
    .values({
      organizationId: ctx.orgId,
      domain: `sso-${ctx.orgId.slice(0, 8)}.example`,
      verificationToken: `demo-${ctx.orgId.slice(0, 8)}`,
      verifiedAt: ctx.now,
      lastCheckedAt: ctx.now,
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
    })
    .onConflictDoNothing();
}
