// The demo company's audit log (issue 21): three weeks of the owner's sign-ins (one mistyped
// password), a role change, an application's price change, two exports and a deletion, dated
// relative to the demo clock so the Settings → Audit log tab reads like a real company's.
// Uses no PRNG draws: the generators after it keep their output.
import { eq } from 'drizzle-orm';
import { auditEvents, people, subscriptions } from '../../server/db/schema';
import type { DemoContext } from './context';
import { DEMO_EMAIL_DOMAIN } from './people';

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
  const byOwner = { organizationId: ctx.orgId, userId: ctx.ownerUserId, ip: OFFICE_IP, userAgent: BROWSER };
  const rows: Array<typeof auditEvents.$inferInsert> = [];

  // Weekday sign-ins at the office, the odd one from home.
  let mistyped = false;
  for (let daysAgo = SIGN_IN_DAYS; daysAgo >= 1; daysAgo--) {
    const day = at(daysAgo, 8, (daysAgo * 17) % 50);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    const fromHome = daysAgo % 5 === 0;
    // One mistyped password, the first weekday of the last ten days.
    if (!mistyped && daysAgo <= 10) {
      mistyped = true;
      rows.push({
        ...byOwner,
        action: 'auth.login_failed',
        entityType: 'user',
        entityId: ctx.ownerUserId,
        createdAt: day,
      });
    }
    rows.push({
      ...byOwner,
      ip: fromHome ? HOME_IP : OFFICE_IP,
      action: 'auth.login',
      entityType: 'user',
      entityId: ctx.ownerUserId,
      createdAt: new Date(day.getTime() + 60_000),
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
      ...byOwner,
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
      ...byOwner,
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
      ...byOwner,
      action: 'export.applications',
      entityType: 'organization',
      entityId: ctx.orgId,
      changes: { format: 'xlsx', rows: ctx.created.applicationIds.length },
      createdAt: at(6, 10, 12),
    },
    {
      ...byOwner,
      ip: HOME_IP,
      action: 'report.export',
      entityType: 'report',
      entityId: 'executive-summary',
      changes: { format: 'pdf' },
      createdAt: at(3, 17, 30),
    },
    {
      ...byOwner,
      action: 'person.delete',
      entityType: 'person',
      changes: { email: `tom.becker@${DEMO_EMAIL_DOMAIN}`, name: 'Tom Becker' },
      createdAt: at(4, 11, 2),
    },
  );
  await ctx.db.insert(auditEvents).values(rows);
}
