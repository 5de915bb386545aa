// The demo's Google Workspace connection (issue 35): connected by the IT lead a month ago, its last
// daily sync finished this morning, and the third-party applications people granted access to that
// the inventory lacks (Discovered), with who used each and when. No tokens are stored: the demo
// never consented at Google, so a server configured for Google marks it "Reconnect" on its first sync.
// Its License Manager read keeps Google Workspace's seats: the application's pool names Google
// Workspace as its seat source, synced this morning.
import { CATALOG, CATALOG_BY_POPULARITY } from '../../common/catalog';
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  connections,
  connectorActivity,
  connectorRuns,
  discoveredApps,
  licensePools,
  people,
  subscriptions,
} from '../../server/db/schema';
import { GOOGLE_SCOPES } from '../../server/modules/connectors/google/google-connector';
import { bulkInsert } from '../../server/db/bulk-insert';
import type { DemoContext } from './context';

const DAY_MS = 86_400_000;
/** Applications the demo's people use without the company paying for them (by catalogue slug). */
const CANDIDATES = [
  'calendly',
  'loom',
  'grammarly',
  'canva',
  'miro',
  'typeform',
  'zapier',
  'trello',
  'dropbox',
];
/** A personal app of one person, signing in only: ranked down. */
const PERSONAL = { id: '918273645.apps.googleusercontent.com', name: 'Habit Tracker Pro' };

export async function generateConnectors(ctx: DemoContext): Promise<void> {
  const ago = (days: number, hour = 9) => {
    const at = new Date(ctx.now.getTime() - days * DAY_MS);
    at.setUTCHours(hour, 0, 0, 0);
    return at;
  };
  const finished = ago(0, 6);
  const startedAt = new Date(Math.min(finished.getTime(), ctx.now.getTime()) - 4 * 60_000);
  const [connection] = await ctx.db
    .insert(connections)
    .values({
      organizationId: ctx.orgId,
      provider: 'google_workspace',
      status: 'connected',
      scopes: GOOGLE_SCOPES,
      cursors: {},
      lastSyncAt: startedAt,
      createdBy: ctx.colleagues.it,
      createdAt: ago(30, 10),
      updatedAt: startedAt,
    })
    .onConflictDoNothing()
    .returning();
  if (!connection) return;

  const held = await ctx.db
    .select({ slug: subscriptions.catalogSlug })
    .from(subscriptions)
    .where(inArray(subscriptions.id, ctx.created.applicationIds));
  const inInventory = new Set(held.map((h) => h.slug));
  const apps = [
    ...CANDIDATES.flatMap((slug) => CATALOG.find((a) => a.slug === slug) ?? []),
    ...CATALOG_BY_POPULARITY,
  ]
    .filter(
      (app, k, all) =>
        !inInventory.has(app.slug) && all.indexOf(app) === k && app.slug !== 'google-workspace',
    )
    .slice(0, 5);
  const staff = await ctx.db
    .select({ email: people.email })
    .from(people)
    .where(inArray(people.id, ctx.created.personIds.slice(0, 60)));

  const activity: Array<typeof connectorActivity.$inferInsert> = [];
  const discovered: Array<typeof discoveredApps.$inferInsert> = [];
  apps.forEach((app, i) => {
    const users = staff.filter((_, k) => (k + i) % (i + 2) === 0).slice(0, 4 + ctx.rng.int(0, 14));
    const seen = users.map((u) => {
      const first = ago(20 + ctx.rng.int(0, 150));
      const last = ago(ctx.rng.int(0, 25), 8 + ctx.rng.int(0, 9));
      activity.push({
        organizationId: ctx.orgId,
        connectionId: connection.id,
        providerAppId: `${app.slug}.apps.googleusercontent.com`,
        email: u.email.toLowerCase(),
        firstSeenAt: first,
        lastSeenAt: last,
      });
      return { first, last };
    });
    if (seen.length === 0) return;
    discovered.push({
      organizationId: ctx.orgId,
      connectionId: connection.id,
      provider: 'google_workspace',
      providerAppId: `${app.slug}.apps.googleusercontent.com`,
      name: app.name,
      catalogSlug: app.slug,
      scopes: ['openid', 'email', 'https://www.googleapis.com/auth/drive.readonly'],
      usersCount: seen.length,
      firstSeenAt: new Date(Math.min(...seen.map((s) => s.first.getTime()))),
      lastSeenAt: new Date(Math.max(...seen.map((s) => s.last.getTime()))),
      createdAt: ago(29, 6),
      updatedAt: startedAt,
    });
  });
  if (staff[0]) {
    activity.push({
      organizationId: ctx.orgId,
      connectionId: connection.id,
      providerAppId: PERSONAL.id,
      email: staff[0].email.toLowerCase(),
      firstSeenAt: ago(12, 21),
      lastSeenAt: ago(12, 21),
    });
    discovered.push({
      organizationId: ctx.orgId,
      connectionId: connection.id,
      provider: 'google_workspace',
      providerAppId: PERSONAL.id,
      name: PERSONAL.name,
      catalogSlug: null,
      scopes: ['openid', 'email', 'profile'],
      usersCount: 1,
      firstSeenAt: ago(12, 21),
      lastSeenAt: ago(12, 21),
      createdAt: ago(12, 22),
      updatedAt: startedAt,
    });
  }
  await bulkInsert(ctx.db, connectorActivity, activity, { onConflictDoNothing: true });
  await bulkInsert(ctx.db, discoveredApps, discovered, { onConflictDoNothing: true });
  // Google Workspace's seats come from the License Manager: its (largest) pool is kept by the connection.
  const [workspacePool] = await ctx.db
    .select({ id: licensePools.id })
    .from(licensePools)
    .innerJoin(
      subscriptions,
      and(eq(subscriptions.id, licensePools.subscriptionId), eq(subscriptions.organizationId, ctx.orgId)),
    )
    .where(and(eq(licensePools.organizationId, ctx.orgId), eq(subscriptions.catalogSlug, 'google-workspace')))
    .orderBy(desc(licensePools.seats))
    .limit(1);
  const runFinished = new Date(startedAt.getTime() + 3 * 60_000);
  if (workspacePool)
    await ctx.db
      .update(licensePools)
      .set({ seatsSource: 'google_workspace', seatsSyncedAt: runFinished })
      .where(and(eq(licensePools.organizationId, ctx.orgId), eq(licensePools.id, workspacePool.id)));
  await ctx.db.insert(connectorRuns).values({
    organizationId: ctx.orgId,
    connectionId: connection.id,
    status: 'succeeded',
    reason: 'daily',
    counts: {
      peopleCreated: 0,
      peopleUpdated: 3,
      peopleOffboarded: 0,
      events: activity.length * 3,
      appsDiscovered: 0,
      seatsUpdated: workspacePool ? 2 : 0,
      pages: 7,
      expensesImported: 0,
      expensesUpdated: 0,
      expensesRemoved: 0,
    },
    attempts: 1,
    startedAt,
    finishedAt: runFinished,
  });
}
