import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { subscriptions } from '../../db/schema';
import { notArchived } from '../../db/live-applications';

/** The organization's unarchived, auto-renewing applications whose next renewal is before `today`. */
export function passedAutoRenewals(db: DbOrTx, orgId: string, today: string) {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.organizationId, orgId),
        notArchived(subscriptions),
        eq(subscriptions.autoRenew, true),
        lt(subscriptions.nextRenewalDate, today),
      ),
    );
}

export async function setNextRenewalDate(db: DbOrTx, orgId: string, id: string, date: string): Promise<void> {
  await db
    .update(subscriptions)
    .set({ nextRenewalDate: date })
    .where(and(eq(subscriptions.organizationId, orgId), eq(subscriptions.id, id)));
}
