import { addDays } from '../../../common/dates';
import type { ServiceDeps } from '../../types';
import { listContracts } from '../contracts';
import { annualCostOf, cycleCostOf, listRenewalRows } from '../renewals';
import { contractAlerts, renewalAlerts, type Alert } from './alert-rules';
import { orgContext, raiseFor } from './alerts.service';
import { dispatchDeliveries } from './deliveries';
import { sendDigests } from './digest';

// Kept apart from alerts.service so modules that raise alerts do not pull in renewals and contracts.

/** The daily alert run for one organization on `date`. */
export async function runAlerts(deps: ServiceDeps, orgId: string, date: string) {
  const ctx = await orgContext(deps.db, orgId, deps.clock.now());
  if (!ctx) return [];
  const { rules } = ctx.settings;
  const rows = await listRenewalRows(deps.db, orgId, {});
  const longest = Math.max(0, ...rules.contractExpiry.offsets);
  const ending = (
    await listContracts(deps.db, orgId, { ending: { from: date, until: addDays(date, longest) } })
  ).filter((r) => !r.contract.autoRenew);
  const expiring = new Set(ending.map((r) => `${r.contract.subscriptionId}:${r.contract.endDate}`));
  const apps = new Map(rows.map((r) => [r.subscription.id, r.subscription]));

  const alerts: Alert[] = [];
  for (const { subscription: sub, decision } of rows) {
    alerts.push(
      ...renewalAlerts(
        {
          id: sub.id,
          name: sub.name,
          ownerUserId: sub.ownerUserId,
          renewalDate: sub.nextRenewalDate!,
          autoRenew: sub.autoRenew,
          noticePeriodDays: sub.noticePeriodDays,
          currency: sub.currency,
          annualCostMinor: annualCostOf(sub),
          cycleCostMinor: cycleCostOf(sub),
          decision: decision?.status ?? null,
          contractEndsOnRenewal:
            rules.contractExpiry.enabled && expiring.has(`${sub.id}:${sub.nextRenewalDate}`),
        },
        rules,
        date,
      ),
    );
  }
  for (const { contract, subscriptionName } of ending) {
    const app = apps.get(contract.subscriptionId);
    alerts.push(
      ...contractAlerts(
        {
          id: contract.id,
          title: contract.title,
          endDate: contract.endDate,
          noticePeriodDays: contract.noticePeriodDays,
          subscriptionId: contract.subscriptionId,
          subscriptionName,
          ownerUserId: app?.ownerUserId ?? null,
          // The application's yearly cost; a contract on an application that no longer renews
          // (paused, cancelled) weighs its own total value.
          annualCostMinor: app ? annualCostOf(app) : (contract.totalValueMinor ?? 0),
          currency: app?.currency ?? contract.currency,
        },
        rules,
        date,
      ),
    );
  }
  const created = await raiseFor(deps.db, deps.clock.now(), ctx, alerts);
  await dispatchDeliveries(deps, { orgId });
  await sendDigests(deps, orgId);
  return created;
}
