import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { licenseAssignments, licensePools, subscriptions } from '../../db/schema';

/** The organization's live applications, for matching names in activity exports. */
export async function liveApplications(db: DbOrTx, orgId: string) {
  return db
    .select({ id: subscriptions.id, name: subscriptions.name, catalogSlug: subscriptions.catalogSlug })
    .from(subscriptions)
    .where(and(eq(subscriptions.organizationId, orgId), isNull(subscriptions.archivedAt)));
}

/** Every open seat with its person and application. */
export async function openSeats(db: DbOrTx, orgId: string) {
  return db
    .select({
      id: licenseAssignments.id,
      personId: licenseAssignments.personId,
      subscriptionId: licensePools.subscriptionId,
      lastActiveAt: licenseAssignments.lastActiveAt,
    })
    .from(licenseAssignments)
    .innerJoin(
      licensePools,
      and(eq(licensePools.id, licenseAssignments.poolId), eq(licensePools.organizationId, orgId)),
    )
    .where(and(eq(licenseAssignments.organizationId, orgId), isNull(licenseAssignments.unassignedAt)));
}

/**
 * Moves lastActiveAt forward (never back) and marks the source as a usage import; `overwrite`
 * sets it as given (the user chose to update a day already recorded).
 */
export async function recordActivity(
  db: DbOrTx,
  orgId: string,
  updates: Array<{ id: string; seenAt: Date }>,
  options: { overwrite?: boolean } = {},
) {
  const forwardOnly = options.overwrite
    ? sql``
    : sql`and (${licenseAssignments.lastActiveAt} is null or ${licenseAssignments.lastActiveAt} < v.seen)`;
  for (let i = 0; i < updates.length; i += 2000) {
    const chunk = updates.slice(i, i + 2000);
    const values = sql.join(
      chunk.map((u) => sql`(${u.id}::uuid, ${u.seenAt.toISOString()}::timestamptz)`),
      sql`, `,
    );
    await db.execute(sql`
      update ${licenseAssignments} set last_active_at = v.seen, source = 'csv'
      from (values ${values}) as v(id, seen)
      where ${licenseAssignments.id} = v.id
        and ${licenseAssignments.organizationId} = ${orgId}
        and ${licenseAssignments.unassignedAt} is null
        ${forwardOnly}`);
  }
}
