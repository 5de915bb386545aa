// For the renewals job (a later issue): moves passed renewal dates of auto-renewing applications
// to their next future renewal. Not scheduled here; call it from a DailyJob per organization.
import { nextRenewalDate } from '../../../common/billing';
import type { DbOrTx } from '../../db/client';
import type { ActingContext } from '../../lib/acting-context';
import { recordAudit } from '../../lib/audit';
import { passedAutoRenewals, setNextRenewalDate } from './renewal-roll.repo';

export interface RolledApplication {
  id: string;
  from: string;
  to: string;
}

/**
 * Every live, auto-renewing, non-cancelled application of the organization whose next renewal is
 * before `today` gets the first renewal on or after today (month ends stay month ends, anchored on
 * the start date's day). One audit event per application (`subscription.renew`, the context's actor).
 */
export async function rollForwardPassedRenewals(
  db: DbOrTx,
  ctx: ActingContext,
  today: string,
): Promise<RolledApplication[]> {
  const { orgId } = ctx;
  const due = await passedAutoRenewals(db, orgId, today);
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
    await setNextRenewalDate(db, orgId, row.id, to);
    await recordAudit(db, ctx, {
      action: 'subscription.renew',
      entityType: 'subscription',
      entityId: row.id,
      changes: { nextRenewalDate: { from: row.nextRenewalDate, to } },
    });
    rolled.push({ id: row.id, from: row.nextRenewalDate, to });
  }
  return rolled;
}
