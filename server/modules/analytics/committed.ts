// Committed spend: what the live applications cost, spread per month. The rule: every active or
// trial application (not archived) counts the monthly equivalent of its cost per billing cycle
// (weekly × 52 / 12, quarterly ÷ 3, annual ÷ 12…; stored as monthly_cost_minor), converted into
// the organization's currency at today's rate and weighted by its entity/brand share, in each month
// from the one it starts in (its start date, else the day it was added: an application added today
// changes no month already past), up to its renewal date when it does not auto-renew. An application
// with no rate into the organization's currency is left out, never guessed.
import { addMonths, endOfMonth } from '../../../common/dates';
import type { CommittedApplication } from './spend.repo';

/** Whether the application is committed in the month starting `monthStart`. */
function runsIn(app: CommittedApplication, monthStart: string): boolean {
  if (app.committedFrom > endOfMonth(monthStart)) return false;
  if (!app.autoRenew && app.nextRenewalDate && app.nextRenewalDate <= monthStart) return false;
  return true;
}

/** Committed spend per group key and month ('YYYY-MM') of the months `fromMonth`..`toMonth` (first days). */
export function committedByKeyAndMonth(
  apps: CommittedApplication[],
  fromMonth: string,
  toMonth: string,
): Map<string, Map<string, number>> {
  const months: string[] = [];
  for (let m = fromMonth; m <= toMonth; m = addMonths(m, 1)) months.push(m);
  const byKey = new Map<string, Map<string, number>>();
  for (const app of apps) {
    if (app.monthlyMinor === null || app.monthlyMinor === 0) continue;
    const perMonth = byKey.get(app.key) ?? new Map<string, number>();
    byKey.set(app.key, perMonth);
    for (const month of months) {
      if (!runsIn(app, month)) continue;
      const key = month.slice(0, 7);
      perMonth.set(key, (perMonth.get(key) ?? 0) + app.monthlyMinor);
    }
  }
  return byKey;
}
