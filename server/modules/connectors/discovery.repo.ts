// What connectors saw: people's activity per application (upserts keyed by provider ids, so a re-read
// adds nothing) and the applications it reveals.
import { and, desc, eq, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { ConnectorProvider, DiscoveredStatus } from '../../../common/contracts/connectors';
import { inChunks } from '../../db/bulk-insert';
import type { DbOrTx } from '../../db/client';
import { connectorActivity, discoveredApps } from '../../db/schema';
import { seatsOf } from '../licenses';
import { peopleOf } from '../people';
import { subscriptionsOf } from '../subscriptions';

export type DiscoveredRow = typeof discoveredApps.$inferSelect;

export interface ActivityInput {
  providerAppId: string;
  email: string;
  seenAt: Date;
  /** A `revoke`: the grant was withdrawn at seenAt. */
  revoked?: boolean;
  /**
   * Access held, not a use (an Okta assignment, an Entra permission grant): makes the person a user
   * of the application, first seen at seenAt, and never moves an existing last use.
   */
  granted?: boolean;
}

/** Folds events into one row per (connection, application, e-mail): first/last seen only move outward. */
export async function upsertActivity(
  db: DbOrTx,
  orgId: string,
  connectionId: string,
  events: ActivityInput[],
) {
  const merged = new Map<
    string,
    {
      providerAppId: string;
      email: string;
      first: Date;
      last: Date;
      revokedAt: Date | null;
      grantOnly: boolean;
    }
  >();
  for (const e of events) {
    const key = `${e.providerAppId}\u0000${e.email.toLowerCase()}`;
    const row = merged.get(key) ?? {
      providerAppId: e.providerAppId,
      email: e.email.toLowerCase(),
      first: e.seenAt,
      last: e.seenAt,
      revokedAt: null,
      grantOnly: true,
    };
    if (e.revoked) row.revokedAt = !row.revokedAt || row.revokedAt < e.seenAt ? e.seenAt : row.revokedAt;
    else if (e.granted) {
      if (e.seenAt < row.first) row.first = e.seenAt;
    } else {
      if (row.grantOnly) row.last = e.seenAt;
      row.grantOnly = false;
      if (e.seenAt < row.first) row.first = e.seenAt;
      if (e.seenAt > row.last) row.last = e.seenAt;
    }
    merged.set(key, row);
  }
  const all = [...merged.values()];
  // Grants alone: a new row (the person is a user), an existing one only widened back in time.
  const grants = all
    .filter((r) => r.grantOnly && !r.revokedAt)
    .map((r) => ({
      organizationId: orgId,
      connectionId,
      providerAppId: r.providerAppId,
      email: r.email,
      firstSeenAt: r.first,
      lastSeenAt: r.first,
    }));
  await inChunks(connectorActivity, grants, (chunk) =>
    db
      .insert(connectorActivity)
      .values(chunk)
      .onConflictDoUpdate({
        target: [
          connectorActivity.organizationId,
          connectorActivity.connectionId,
          connectorActivity.providerAppId,
          connectorActivity.email,
        ],
        set: { firstSeenAt: sql`least(${connectorActivity.firstSeenAt}, excluded.first_seen_at)` },
      }),
  );
  const rows = all
    .filter((r) => !r.grantOnly || r.revokedAt)
    .map((r) => ({
      organizationId: orgId,
      connectionId,
      providerAppId: r.providerAppId,
      email: r.email,
      firstSeenAt: r.first,
      lastSeenAt: r.last,
      revokedAt: r.revokedAt,
    }));
  await inChunks(connectorActivity, rows, (chunk) =>
    db
      .insert(connectorActivity)
      .values(chunk)
      .onConflictDoUpdate({
        target: [
          connectorActivity.organizationId,
          connectorActivity.connectionId,
          connectorActivity.providerAppId,
          connectorActivity.email,
        ],
        set: {
          firstSeenAt: sql`least(${connectorActivity.firstSeenAt}, excluded.first_seen_at)`,
          lastSeenAt: sql`greatest(${connectorActivity.lastSeenAt}, excluded.last_seen_at)`,
          revokedAt: sql`greatest(${connectorActivity.revokedAt}, excluded.revoked_at)`,
        },
      }),
  );
}

/** The provider app id of a product whose seats a connector reports (`seats:slack`): holders, not sign-ins. */
export const SEATS_APP_PREFIX = 'seats:';

export interface DiscoveredInput {
  providerAppId: string;
  name: string;
  catalogSlug: string | null;
  scopes: string[];
  firstSeenAt: Date;
  lastSeenAt: Date;
  /** Set when the inventory already holds it: recorded as added, never listed as new. */
  subscriptionId: string | null;
  /** Seats the provider reports purchased (a seats connector). */
  seatsPurchased?: number | null;
}

/** Inserts or widens discovered applications (scopes merged, seen dates outward); answers how many were new. */
export async function upsertDiscovered(
  db: DbOrTx,
  orgId: string,
  connectionId: string,
  provider: ConnectorProvider,
  apps: DiscoveredInput[],
  now: Date,
): Promise<number> {
  if (apps.length === 0) return 0;
  const values = apps.map((a) => ({
    organizationId: orgId,
    connectionId,
    provider,
    providerAppId: a.providerAppId,
    name: a.name,
    catalogSlug: a.catalogSlug,
    scopes: a.scopes,
    firstSeenAt: a.firstSeenAt,
    lastSeenAt: a.lastSeenAt,
    status: a.subscriptionId ? ('added' as const) : ('new' as const),
    subscriptionId: a.subscriptionId,
    seatsPurchased: a.seatsPurchased ?? null,
    createdAt: now,
    updatedAt: now,
  }));
  const rows = await inChunks(discoveredApps, values, (chunk) =>
    db
      .insert(discoveredApps)
      .values(chunk)
      .onConflictDoUpdate({
        target: [discoveredApps.organizationId, discoveredApps.connectionId, discoveredApps.providerAppId],
        set: {
          name: sql`excluded.name`,
          catalogSlug: sql`coalesce(${discoveredApps.catalogSlug}, excluded.catalog_slug)`,
          scopes: sql`(select coalesce(jsonb_agg(distinct s order by s), '[]'::jsonb) from jsonb_array_elements_text(${discoveredApps.scopes} || excluded.scopes) as s)`,
          firstSeenAt: sql`least(${discoveredApps.firstSeenAt}, excluded.first_seen_at)`,
          lastSeenAt: sql`greatest(${discoveredApps.lastSeenAt}, excluded.last_seen_at)`,
          seatsPurchased: sql`coalesce(excluded.seats_purchased, ${discoveredApps.seatsPurchased})`,
          updatedAt: now,
        },
      })
      .returning({ created: sql<boolean>`(xmax = 0)` }),
  );
  return rows.filter((r) => r.created).length;
}

/** Holders a seats connector no longer lists: their row is marked withdrawn (a re-listing later reopens it). */
export async function releaseUnlisted(
  db: DbOrTx,
  orgId: string,
  connectionId: string,
  providerAppId: string,
  emails: string[],
  now: Date,
) {
  await db
    .update(connectorActivity)
    .set({ revokedAt: now })
    .where(
      and(
        eq(connectorActivity.organizationId, orgId),
        eq(connectorActivity.connectionId, connectionId),
        eq(connectorActivity.providerAppId, providerAppId),
        sql`${connectorActivity.lastSeenAt} < ${now.toISOString()}::timestamptz`,
        emails.length ? notInArray(connectorActivity.email, emails) : undefined,
      ),
    );
}

/** Users per discovered application: people whose last grant was not withdrawn. */
export async function recountUsers(db: DbOrTx, orgId: string, connectionId: string) {
  await db.execute(sql`
    update ${discoveredApps} d set users_count = coalesce((
      select count(*)::int from ${connectorActivity} a
      where a.organization_id = ${orgId} and a.connection_id = d.connection_id
        and a.provider_app_id = d.provider_app_id
        and (a.revoked_at is null or a.revoked_at < a.last_seen_at)), 0)
    where d.organization_id = ${orgId} and d.connection_id = ${connectionId}`);
}

/** The organization's applications by catalogue slug and by lower-case name (for linking what a connector sees). */
export async function inventoryNames(db: DbOrTx, orgId: string) {
  const apps = subscriptionsOf(orgId);
  const rows = await db
    .select({ id: apps.id, name: apps.name, catalogSlug: apps.catalogSlug })
    .from(apps)
    .where(isNull(apps.archivedAt));
  return rows;
}

export async function listDiscovered(db: DbOrTx, orgId: string, status: DiscoveredStatus) {
  return db
    .select()
    .from(discoveredApps)
    .where(and(eq(discoveredApps.organizationId, orgId), eq(discoveredApps.status, status)))
    .orderBy(desc(discoveredApps.usersCount), desc(discoveredApps.lastSeenAt), discoveredApps.name);
}

export async function findDiscovered(db: DbOrTx, orgId: string, id: string): Promise<DiscoveredRow | null> {
  const [row] = await db
    .select()
    .from(discoveredApps)
    .where(and(eq(discoveredApps.organizationId, orgId), eq(discoveredApps.id, id)));
  return row ?? null;
}

export async function setDiscoveredStatus(
  db: DbOrTx,
  orgId: string,
  id: string,
  values: { status: DiscoveredStatus; subscriptionId?: string | null; now: Date },
): Promise<boolean> {
  // An application once added stays added: a second Add (or an Ignore) racing the first changes nothing.
  const rows = await db
    .update(discoveredApps)
    .set({ status: values.status, subscriptionId: values.subscriptionId, updatedAt: values.now })
    .where(
      and(
        eq(discoveredApps.organizationId, orgId),
        eq(discoveredApps.id, id),
        ne(discoveredApps.status, 'added'),
      ),
    )
    .returning({ id: discoveredApps.id });
  return rows.length > 0;
}

/** The people (by e-mail, in People) using one discovered application, with their last activity. */
export async function usersOfDiscovered(db: DbOrTx, orgId: string, app: DiscoveredRow) {
  const person = peopleOf(orgId);
  return db
    .select({
      personId: person.id,
      status: person.status,
      firstSeenAt: connectorActivity.firstSeenAt,
      lastSeenAt: connectorActivity.lastSeenAt,
    })
    .from(connectorActivity)
    .innerJoin(person, sql`lower(${person.email}) = lower(${connectorActivity.email})`)
    .where(
      and(
        eq(connectorActivity.organizationId, orgId),
        eq(connectorActivity.connectionId, app.connectionId),
        eq(connectorActivity.providerAppId, app.providerAppId),
        or(
          isNull(connectorActivity.revokedAt),
          sql`${connectorActivity.revokedAt} < ${connectorActivity.lastSeenAt}`,
        ),
      ),
    );
}

/**
 * Open seats of applications a connector knows (linked discovered applications; sign-ins to the
 * provider itself for its own application, `ownSlug`) whose holder's activity is later than the
 * seat's last activity: the seat's new last use.
 */
export async function seatActivityFromConnector(
  db: DbOrTx,
  orgId: string,
  connectionId: string,
  ownSlug: string,
) {
  const seat = seatsOf(orgId);
  const person = peopleOf(orgId);
  const apps = subscriptionsOf(orgId);
  const linked = db
    .select({ subscriptionId: discoveredApps.subscriptionId, providerAppId: discoveredApps.providerAppId })
    .from(discoveredApps)
    .where(
      and(
        eq(discoveredApps.organizationId, orgId),
        eq(discoveredApps.connectionId, connectionId),
        sql`${discoveredApps.subscriptionId} is not null`,
        // Holding a seat is not a sign-in: those rows never move a seat's last use.
        sql`${discoveredApps.providerAppId} not like ${SEATS_APP_PREFIX + '%'}`,
      ),
    )
    .unionAll(
      db
        .select({ subscriptionId: apps.id, providerAppId: sql<string>`'login'` })
        .from(apps)
        .where(eq(apps.catalogSlug, ownSlug)),
    )
    .as('linked');
  const rows = await db
    .select({ id: seat.id, seenAt: sql<string>`max(${connectorActivity.lastSeenAt})` })
    .from(seat)
    .innerJoin(person, eq(person.id, seat.personId))
    .innerJoin(linked, eq(linked.subscriptionId, seat.subscriptionId))
    .innerJoin(
      connectorActivity,
      and(
        eq(connectorActivity.organizationId, orgId),
        eq(connectorActivity.connectionId, connectionId),
        eq(connectorActivity.providerAppId, linked.providerAppId),
        sql`lower(${connectorActivity.email}) = lower(${person.email})`,
      ),
    )
    .where(isNull(seat.unassignedAt))
    .groupBy(seat.id, seat.lastActiveAt)
    .having(sql`${seat.lastActiveAt} is null or max(${connectorActivity.lastSeenAt}) > ${seat.lastActiveAt}`);
  return rows.map((r) => ({ id: r.id, seenAt: new Date(r.seenAt) }));
}

/** Links activity rows to people by e-mail (people synced after the activity was read). */
export async function peopleByEmailOrExternalId(
  db: DbOrTx,
  orgId: string,
  emails: string[],
  externalIds: string[],
) {
  if (emails.length === 0 && externalIds.length === 0) return [];
  const person = peopleOf(orgId);
  return db
    .select()
    .from(person)
    .where(
      or(
        emails.length
          ? inArray(
              sql`lower(${person.email})`,
              emails.map((e) => e.toLowerCase()),
            )
          : undefined,
        externalIds.length ? inArray(person.externalId, externalIds) : undefined,
      ),
    );
}
