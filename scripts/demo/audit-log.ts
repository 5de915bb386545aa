// The demo company's audit log (issue 21): three weeks of its finance and IT leads' sign-ins (one
// mistyped password), a role change, an application's price change, two exports and a deletion,
// and months ago the API key and single sign-on being set up, dated relative to the demo clock so
// the Settings → Audit log tab reads like a real company's. The demo's people are the actors: the
// signed-in user did none of it. Uses no PRNG draws: the generators after it keep their output.
import { and, eq } from 'drizzle-orm';
import {
  apiKeys,
  auditEvents,
  people,
  ssoConnections,
  ssoDomains,
  subscriptions,
} from '../../server/db/schema';
import type { DemoContext } from './context';
import { DEMO_EMAIL_DOMAIN } from './people';
import { SSO_SET_UP_DAYS_AGO } from './sso';
import { inChunks } from '../../server/db/bulk-insert';

const OFFICE_IP = '198.51.100.24';
const HOME_IP = '203.0.113.87';
const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const SIGN_IN_DAYS = 21;

export async function generateAuditLog(ctx: DemoContext): Promise<void> {
  const at = (daysAgo: number, hour: number, minute: number) => {
    const day = new Date(ctx.now.getTime() - daysAgo * 86_400_000);
    day.setUTCHours(hour, minute, 0, 0);
    return day;
  };
  const { finance, it } = ctx.colleagues;
  const by = (userId: string) => ({ organizationId: ctx.orgId, userId, ip: OFFICE_IP, userAgent: BROWSER });
  const rows: Array<typeof auditEvents.$inferInsert> = [];

  // Weekday sign-ins at the office, the odd one from home.
  let mistyped = false;
  for (let daysAgo = SIGN_IN_DAYS; daysAgo >= 1; daysAgo--) {
    const day = at(daysAgo, 8, (daysAgo * 17) % 50);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    const fromHome = daysAgo % 5 === 0;
    // One mistyped password, the IT lead's, the first weekday of the last ten days.
    if (!mistyped && daysAgo <= 10) {
      mistyped = true;
      rows.push({ ...by(it), action: 'auth.login_failed', entityType: 'user', entityId: it, createdAt: day });
    }
    // The IT lead signs in every weekday; the finance lead most days, a little later.
    rows.push({
      ...by(it),
      ip: fromHome ? HOME_IP : OFFICE_IP,
      action: 'auth.login',
      entityType: 'user',
      entityId: it,
      createdAt: new Date(day.getTime() + 60_000),
    });
    if (daysAgo % 3 !== 0) {
      rows.push({
        ...by(finance),
        action: 'auth.login',
        entityType: 'user',
        entityId: finance,
        createdAt: new Date(day.getTime() + 47 * 60_000),
      });
    }
  }

  // Months ago: the IT lead made the warehouse's API key and set up single sign-on (api-keys.ts, sso.ts).
  const [key] = await ctx.db
    .select({ id: apiKeys.id, name: apiKeys.name, scopes: apiKeys.scopes, createdAt: apiKeys.createdAt })
    .from(apiKeys)
    .where(eq(apiKeys.organizationId, ctx.orgId));
  if (key) {
    rows.push({
      ...by(it),
      action: 'api_key.create',
      entityType: 'api_key',
      entityId: key.id,
      changes: { name: key.name, scopes: key.scopes, expiresAt: null },
      createdAt: key.createdAt,
    });
  }
  const [domain] = await ctx.db
    .select({ id: ssoDomains.id, domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(eq(ssoDomains.organizationId, ctx.orgId));
  if (domain) {
    rows.push(
      {
        ...by(it),
        action: 'sso.domain_add',
        entityType: 'sso_domain',
        entityId: domain.id,
        changes: { domain: domain.domain },
        createdAt: at(SSO_SET_UP_DAYS_AGO.domainAdded, 15, 0),
      },
      {
        ...by(it),
        action: 'sso.domain_verify',
        entityType: 'sso_domain',
        entityId: domain.id,
        changes: { domain: domain.domain },
        createdAt: at(SSO_SET_UP_DAYS_AGO.domainVerified, 10, 0),
      },
    );
  }
  const [connection] = await ctx.db
    .select({ id: ssoConnections.id })
    .from(ssoConnections)
    .where(and(eq(ssoConnections.organizationId, ctx.orgId), eq(ssoConnections.protocol, 'oidc')));
  if (connection) {
    rows.push({
      ...by(it),
      action: 'sso.update',
      entityType: 'sso_connection',
      entityId: connection.id,
      changes: { protocol: { from: null, to: 'oidc' }, enabled: { from: null, to: false } },
      createdAt: at(SSO_SET_UP_DAYS_AGO.connection, 11, 0),
    });
  }

  const [app] = ctx.created.applicationIds.length
    ? await ctx.db
        .select({
          id: subscriptions.id,
          amountMinor: subscriptions.amountMinor,
          currency: subscriptions.currency,
        })
        .from(subscriptions)
        .where(eq(subscriptions.id, ctx.created.applicationIds[0]!))
    : [];
  if (app) {
    rows.push({
      ...by(finance),
      action: 'subscription.update',
      entityType: 'subscription',
      entityId: app.id,
      changes: { amountMinor: { from: Math.round(app.amountMinor * 0.85), to: app.amountMinor } },
      createdAt: at(12, 14, 5),
    });
  }

  const [person] = ctx.created.personIds.length
    ? await ctx.db
        .select({ id: people.id, email: people.email })
        .from(people)
        .where(eq(people.id, ctx.created.personIds[0]!))
    : [];
  rows.push(
    {
      ...by(it),
      action: 'team.member_role_change',
      entityType: 'membership',
      entityId: person?.id ?? null,
      changes: {
        member: person?.email ?? `finance@${DEMO_EMAIL_DOMAIN}`,
        role: { from: 'member', to: 'admin' },
      },
      createdAt: at(16, 9, 40),
    },
    {
      ...by(finance),
      action: 'export.applications',
      entityType: 'organization',
      entityId: ctx.orgId,
      changes: { format: 'xlsx', rows: ctx.created.applicationIds.length },
      createdAt: at(6, 10, 12),
    },
    {
      ...by(finance),
      ip: HOME_IP,
      action: 'report.export',
      entityType: 'report',
      entityId: 'executive-summary',
      changes: { format: 'pdf' },
      createdAt: at(3, 17, 30),
    },
    {
      ...by(it),
      action: 'person.delete',
      entityType: 'person',
      changes: { email: `tom.becker@${DEMO_EMAIL_DOMAIN}`, name: 'Tom Becker' },
      createdAt: at(4, 11, 2),
    },
  );
  await inChunks(auditEvents, rows, (chunk) => ctx.db.insert(auditEvents).values(chunk));
}
