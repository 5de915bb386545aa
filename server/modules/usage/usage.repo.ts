import { notArchived } from '../../db/live-applications';
import { isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { seatsOf } from '../licenses';
import { subscriptionsOf } from '../subscriptions';

/** The organization's live applications, for matching names in activity exports. */
export async function liveApplications(db: DbOrTx, orgId: string) {
  const app = subscriptionsOf(orgId);
  return db
    .select({ id: app.id, name: app.name, catalogSlug: app.catalogSlug })
    .from(app)
    .where(notArchived(app));
}

/** Every open seat with its person and application. */
export async function openSeats(db: DbOrTx, orgId: string) {
  const seat = seatsOf(orgId);
  return db
    .select({
      id: seat.id,
      personId: seat.personId,
      subscriptionId: seat.subscriptionId,
      assignedAt: seat.assignedAt,
      lastActiveAt: seat.lastActiveAt,
    })
    .from(seat)
    .where(isNull(seat.unassignedAt));
}
