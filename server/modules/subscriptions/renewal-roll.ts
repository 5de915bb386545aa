// For the renewals job (a later issue): moves passed renewal dates of auto-renewing applications
// to their next future renewal. Not scheduled here; call it from a DailyJob per organization.
import { notArchived } from '../../db/live-applications';
import { and, eq, lt } from 'drizzle-orm';
import { nextRenewalDate } from '../../../common/billing';
import type { DbOrTx } from '../../db/client';
import { subscriptions } from '../../db/schema';
import { recordAudit } from '../audit';

export interface RolledApplication {
  id: string;
  from: string;
  to: string;
}

/**
 * Every live, auto-renewing, non-cancelled application of the organization whose next renewal is
 * before `today` gets the first renewal on or after today (month ends stay month ends, anchored on
 * the start date's day). One audit event per application (`subscription.renew`, no user).
 */
export async function rollForwardPassedRenewals(
  db: DbOrTx,
  orgId: string,
  today: string,
): Promise<RolledApplication[]> {
  const due = await db
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
  const rolled: RolledApplication[] = [];
  for (const row of due) {
    if (row.status === 'cancelled' || !row.nextRenewalDate) continue;
    const to = nextRenewalDate({
      startDate: row.startDate,
      cycle: row.billingCycle,
      intervalMonths: row.intervalMonths,
      today,
      autoRenew: true,
      currentRenewalDate: row.nextRenewalDate,
    });
    if (to === row.nextRenewalDate) continue;
    await db
      .update(subscriptions)
      .set({ nextRenewalDate: to })
      .where(and(eq(subscriptions.organizationId, orgId), eq(subscriptions.id, row.id)));
    await recordAudit(db, {
      orgId,
      userId: null,
      action: 'subscription.renew',
      entityType: 'subscription',
      entityId: row.id,
      changes: { nextRenewalDate: { from: row.nextRenewalDate, to } },
    });
    rolled.push({ id: row.id, from: row.nextRenewalDate, to });
  }
  return rolled;
}
