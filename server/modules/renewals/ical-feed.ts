import { cancelByDate } from '../../../common/billing';
import { DECISION_LABELS } from '../../../common/contracts/renewals';
import { addDays, todayInTimeZone } from '../../../common/dates';
import { formatAmount } from '../../../common/money';
import { renderCalendar, type AllDayEvent } from '../../lib/ical';
import { newToken } from '../../lib/tokens';
import type { OrganizationRow, ServiceDeps } from '../../types';
import { annualCostOf, displayStatus } from './renewal-view';
import * as repo from './renewals.repo';

/** How far back and ahead the feed reaches. */
const PAST_DAYS = 31;
const AHEAD_DAYS = 400;

function feedUrls(deps: ServiceDeps, token: string) {
  const url = new URL('/api/renewals.ics', deps.env.APP_URL);
  url.searchParams.set('token', token);
  return { url: url.toString(), webcalUrl: url.toString().replace(/^https?:/, 'webcal:') };
}

/** The feed URL, creating the organization's secret on first use. */
export async function getIcalUrl(deps: ServiceDeps, orgId: string) {
  const existing = await repo.getIcalToken(deps.db, orgId);
  if (existing) return feedUrls(deps, existing);
  const created = await repo.setIcalToken(deps.db, orgId, newToken(24), true);
  return feedUrls(deps, created ?? (await repo.getIcalToken(deps.db, orgId))!);
}

/** A new secret: every previously shared feed URL stops working. */
export async function regenerateIcalToken(deps: ServiceDeps, orgId: string) {
  const token = newToken(24);
  await repo.setIcalToken(deps.db, orgId, token, false);
  return feedUrls(deps, token);
}

/** The organization's renewals and cancel-by dates as an iCalendar document. */
export async function renderRenewalsFeed(deps: ServiceDeps, org: OrganizationRow): Promise<string> {
  const today = todayInTimeZone(deps.clock.now());
  const rows = await repo.listRenewalRows(deps.db, org.id, { until: addDays(today, AHEAD_DAYS) });
  const link = new URL('/app/renewals', deps.env.APP_URL).toString();
  const host = new URL(deps.env.APP_URL).hostname;
  const events: AllDayEvent[] = [];
  for (const row of rows) {
    const sub = row.subscription;
    const renewalDate = sub.nextRenewalDate!;
    if (renewalDate < addDays(today, -PAST_DAYS)) continue;
    const cancelBy = cancelByDate(renewalDate, sub.noticePeriodDays);
    const cost = formatAmount(annualCostOf(sub), sub.currency);
    const details = [
      `Renews: ${renewalDate}${sub.autoRenew ? ' (auto-renews)' : ''}`,
      `Cancel by: ${cancelBy}`,
      `Annual cost: ${cost}`,
      `Status: ${DECISION_LABELS[displayStatus(sub, row.decision, today)]}`,
      row.ownerName || row.ownerEmail ? `Owner: ${row.ownerName ?? row.ownerEmail}` : null,
      `Open in Stackwise: ${link}`,
    ].filter((line): line is string => line !== null);
    events.push({
      uid: `renewal-${sub.id}-${renewalDate}@${host}`,
      date: renewalDate,
      summary: `${sub.autoRenew ? 'Auto-renewal' : 'Renewal'}: ${sub.name} (${cost}/yr)`,
      description: details.join('\n'),
      url: link,
      categories: ['Renewal'],
    });
    if (cancelBy !== renewalDate) {
      events.push({
        uid: `cancel-by-${sub.id}-${renewalDate}@${host}`,
        date: cancelBy,
        summary: `Cancel-by date: ${sub.name} (renews ${renewalDate})`,
        description: [`Last day to give ${sub.noticePeriodDays} days' notice.`, ...details].join('\n'),
        url: link,
        categories: ['Cancel-by'],
      });
    }
  }
  return renderCalendar({
    name: `${org.name} renewals (Stackwise)`,
    prodId: '-//Stackwise//Renewals//EN',
    stamp: deps.clock.now(),
    events,
    refreshHours: 6,
  });
}
