import ical, { escape, ICalCalendarMethod, ICalEventTransparency } from 'ical-generator';
import { cancelByDate } from '../../../common/billing';
import { DECISION_LABELS } from '../../../common/contracts/renewals';
import { addDays, todayInTimeZone } from '../../../common/dates';
import { formatAmount } from '../../../common/money';
import { newToken } from '../../lib/tokens';
import type { OrganizationRow, ServiceDeps } from '../../types';
import { getIcalToken, setIcalToken } from '../organizations';
import { annualCostOf, displayStatus } from './renewal-view';
import * as repo from './renewals.repo';
import { daysNotice, formatProseDate } from '../../../common/wording';

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
  const existing = await getIcalToken(deps.db, orgId);
  if (existing) return feedUrls(deps, existing);
  const created = await setIcalToken(deps.db, orgId, newToken(24), true);
  return feedUrls(deps, created ?? (await getIcalToken(deps.db, orgId))!);
}

/** A new secret: every previously shared feed URL stops working. */
export async function regenerateIcalToken(deps: ServiceDeps, orgId: string) {
  const token = newToken(24);
  await setIcalToken(deps.db, orgId, token, false);
  return feedUrls(deps, token);
}

/** One all-day event: DTSTART is the day, DTEND the next (exclusive, RFC 5545). */
function allDay(date: string) {
  return {
    allDay: true,
    start: new Date(`${date}T00:00:00Z`),
    end: new Date(`${addDays(date, 1)}T00:00:00Z`),
  };
}

/** The organization's renewals and cancel-by dates as an iCalendar document. */
export async function renderRenewalsFeed(deps: ServiceDeps, org: OrganizationRow): Promise<string> {
  const today = todayInTimeZone(deps.clock.now());
  const rows = await repo.listRenewalRows(deps.db, org.id, { until: addDays(today, AHEAD_DAYS) });
  const link = new URL('/app/renewals', deps.env.APP_URL).toString();
  const host = new URL(deps.env.APP_URL).hostname;
  const stamp = deps.clock.now();
  const calendar = ical({
    // ical-generator writes the calendar name as is (event text it escapes itself).
    name: escape(`${org.name} renewals (Stackwise)`, false),
    prodId: { company: 'Stackwise', product: 'Renewals', language: 'EN' },
    scale: 'GREGORIAN',
    method: ICalCalendarMethod.PUBLISH,
    ttl: 6 * 3600, // clients refresh every six hours
  });
  const common = { stamp, url: link, transparency: ICalEventTransparency.TRANSPARENT };
  for (const row of rows) {
    const sub = row.subscription;
    const renewalDate = sub.nextRenewalDate!;
    if (renewalDate < addDays(today, -PAST_DAYS)) continue;
    const cancelBy = cancelByDate(renewalDate, sub.noticePeriodDays);
    const cost = formatAmount(annualCostOf(sub), sub.currency);
    const details = [
      `Renews: ${formatProseDate(renewalDate)}${sub.autoRenew ? ' (auto-renews)' : ''}`,
      `Cancel by: ${formatProseDate(cancelBy)}`,
      `Annual cost: ${cost}`,
      `Status: ${DECISION_LABELS[displayStatus(sub, row.decision, today)]}`,
      row.ownerName || row.ownerEmail ? `Owner: ${row.ownerName ?? row.ownerEmail}` : null,
      `Open in Stackwise: ${link}`,
    ].filter((line): line is string => line !== null);
    calendar.createEvent({
      ...common,
      ...allDay(renewalDate),
      id: `renewal-${sub.id}-${renewalDate}@${host}`,
      summary: `${sub.autoRenew ? 'Auto-renewal' : 'Renewal'}: ${sub.name} (${cost}/yr)`,
      description: details.join('\n'),
      categories: [{ name: 'Renewal' }],
    });
    if (cancelBy !== renewalDate) {
      calendar.createEvent({
        ...common,
        ...allDay(cancelBy),
        id: `cancel-by-${sub.id}-${renewalDate}@${host}`,
        summary: `Cancel-by date: ${sub.name} (renews ${formatProseDate(renewalDate)})`,
        description: [`Last day to give ${daysNotice(sub.noticePeriodDays)}.`, ...details].join('\n'),
        categories: [{ name: 'Cancel-by' }],
      });
    }
  }
  // RFC 5545 ends every content line, the last one too, with CRLF; ical-generator omits the last.
  return `${calendar.toString()}\r\n`;
}
