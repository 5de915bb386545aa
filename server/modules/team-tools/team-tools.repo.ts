import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { licensePoolsOf, openLicensesOfPeople } from '../licenses';
import { peopleOf } from '../people';
import { settingsItemsOf } from '../settings-lists';
import { subscriptionsOf } from '../subscriptions';
import { notArchived } from '../../db/live-applications';

/**
 * What the team view reads, in parallel: active people, their open seats, unarchived applications,
 * category names, and the applications that have license pools.
 */
export async function loadTeamToolsRows(db: DbOrTx, orgId: string) {
  const people = peopleOf(orgId);
  const subscriptions = subscriptionsOf(orgId);
  const categoryItems = settingsItemsOf(orgId, 'categories', 'category');
  const pools = licensePoolsOf(orgId);
  const [staff, seats, apps, categories, pooled] = await Promise.all([
    db.select().from(people).where(eq(people.status, 'active')),
    openLicensesOfPeople(db, orgId),
    db.select().from(subscriptions).where(notArchived(subscriptions)),
    db.select({ id: categoryItems.id, name: categoryItems.name }).from(categoryItems),
    db.selectDistinct({ id: pools.subscriptionId }).from(pools),
  ]);
  return { staff, seats, apps, categories, pooled };
}
