import type { DailyJob } from '../../jobs/scheduler';
import type { ServiceDeps } from '../../types';
import { systemContext } from '../../lib/acting-context';
import { recordAudit } from '../../lib/audit';
import { expireEndedContracts } from '../contracts';
import { listPassedRenewals } from './renewals.repo';
import { settleRenewal, type SettleOutcome } from './settle';

/**
 * Settles every renewal of the organization whose date lies before `date`: auto-renewing ones roll
 * forward by their cycle (or contract term), decided ones are renewed or cancelled, the rest stay
 * overdue. Each application is its own transaction, so one bad record does not block the others.
 */
export async function settlePassedRenewals(deps: ServiceDeps, orgId: string, date: string) {
  const counts: Record<SettleOutcome, number> = { 'not-due': 0, rolled: 0, cancelled: 0, waiting: 0 };
  const ctx = systemContext(orgId, 'daily run', deps.clock.now());
  for (const { subscription } of await listPassedRenewals(deps.db, orgId, date)) {
    try {
      const outcome = await deps.db.transaction((tx) => settleRenewal(tx, ctx, subscription.id, date));
      counts[outcome] += 1;
    } catch (error) {
      deps.log.error({ err: error, orgId, subscriptionId: subscription.id }, 'Could not settle a renewal');
    }
  }
  await deps.db.transaction(async (tx) => {
    for (const expired of await expireEndedContracts(tx, orgId, date, ctx.now)) {
      await recordAudit(tx, ctx, {
        action: 'contract.expire',
        entityType: 'contract',
        entityId: expired.id,
        changes: { status: { to: 'expired' } },
      });
    }
  });
  return counts;
}

export const renewalsJob: DailyJob = {
  name: 'renewals.settle',
  run: async (deps, { orgId, date }) => {
    await settlePassedRenewals(deps, orgId, date);
  },
};
