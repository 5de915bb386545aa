// The SQL of the bulk actions on applications (subscriptions-bulk.service.ts): one statement each.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { subscriptions } from '../../db/schema';
import { uuidArray } from '../../db/sql-helpers';

/** cancellationDay (subscription-values.ts) in SQL: already cancelled ones keep their day. */
export function bulkCancellationDay(status: string, today: string) {
  if (status !== 'cancelled') return null;
  return sql`case when ${subscriptions.status} = 'cancelled' and ${subscriptions.cancelledOn} is not null
    then ${subscriptions.cancelledOn} else ${today}::date end`;
}

/**
 * The new tag list: `tagIds` when given, else the existing tags in their order with `add` appended
 * (in the order given) and `remove` taken out; undefined when nothing changes.
 */
export function bulkTagIds(tagIds: string[] | undefined, add: string[], remove: string[]): SQL | undefined {
  if (tagIds) return uuidArray(tagIds);
  if (add.length === 0 && remove.length === 0) return undefined;
  const added = sql`${subscriptions.tagIds} || array(select a.t from unnest(${uuidArray(add)}) with ordinality as a(t, i) where not (a.t = any(${subscriptions.tagIds})) order by a.i)`;
  return sql`array(select r.t from unnest(${added}) with ordinality as r(t, i) where r.t <> all(${uuidArray(remove)}) order by r.i)`;
}

/** Sets the values on the organization's applications among `ids`; answers the ids updated. */
export function updateSubscriptionsIn(
  db: DbOrTx,
  orgId: string,
  ids: string[],
  values: PgUpdateSetSource<typeof subscriptions>,
) {
  return db
    .update(subscriptions)
    .set(values)
    .where(and(eq(subscriptions.organizationId, orgId), inArray(subscriptions.id, ids)))
    .returning({ id: subscriptions.id });
}
