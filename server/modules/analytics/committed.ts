// Committed spend: what the live applications cost, spread per month. The rule: every active or
// trial application (not archived) counts the monthly equivalent of its cost per billing cycle
// (weekly × 52 / 12, quarterly ÷ 3, annual ÷ 12…; stored as monthly_cost_minor), converted into
// the organization's currency at today's rate and weighted by its entity/brand share, in each month
// from the one it starts in (its start date, else the day it was added: an application added today
// changes no month already past), up to its renewal date when it does not auto-renew. An application
// with no rate into the organization's currency is left out, never guessed.
import { addMonths, endOfMonth } from '../../../common/dates';
import type { CommittedApplication } from './spend.repo';

interface MonthBounds {
  /** 'YYYY-MM', the key of the answer. */
  key: string;
  start: string;
  end: string;
}

/** Whether the application is committed in the month `month`. */
function runsIn(app: CommittedApplication, month: MonthBounds): boolean {
  if (app.committedFrom > month.end) return false;
  if (!app.autoRenew && app.nextRenewalDate && app.nextRenewalDate <= month.start) return false;
  return true;
}

/** Committed spend per group key and month ('YYYY-MM') of the months `fromMonth`..`toMonth` (first days). */
export function committedByKeyAndMonth(
  apps: CommittedApplication[],
  fromMonth: string,
  toMonth: string,
): Map<string, Map<string, number>> {
  // The months' bounds once, not per application (thousands of applications × 24 months).
  const months: MonthBounds[] = [];
  for (let m = fromMonth; m <= toMonth; m = addMonths(m, 1)) {
    months.push({ key: m.slice(0, 7), start: m, end: endOfMonth(m) });
  }
  const byKey = new Map<string, Map<string, number>>();
  for (const app of apps) {
    if (app.monthlyMinor === null || app.monthlyMinor === 0) continue;
    let perMonth = byKey.get(app.key);
    if (!perMonth) {
      perMonth = new Map<string, number>();
      byKey.set(app.key, perMonth);
    }
    for (const month of months) {
      if (!runsIn(app, month)) continue;
      perMonth.set(month.key, (perMonth.get(month.key) ?? 0) + app.monthlyMinor);
    }
  }
  return byKey;
}
