// High-value savings opportunities (issue 16) raise a notification through the alert engine, so they
// reach the organization's channels (in-app, e-mail, Slack, webhook) like every other alert. The
// engine publishes `insight.identified` with the new or reopened opportunities worth at least the
// organization's `highValueMinor` a year; this handler words them.
import { alertPriority } from '../../../common/alert-priority';
import { formatAmount } from '../../../common/money';
import { canUseFeature } from '../../../common/plans';
import type { DbOrTx } from '../../db/client';
import type { insightOpportunities } from '../../db/schema';
import type { EventHandler } from '../../lib/events/event-bus';
import { type Alert, raiseAlerts } from '../alerts';
import { effectivePlanOf, findOrganization } from '../organizations';
import { combineSavings } from './dedupe';
import { applicationOwners, openDetectedOpportunities } from './insight-alerts.repo';
import { loadInsightSettings } from './insight-settings.repo';
import { explanationOf } from './narrative';

/** Up to this many opportunities at once get a notification each; more are summed up in one. */
export const MAX_SEPARATE_INSIGHT_ALERTS = 3;
/** How many of a grouped notification's opportunities it names. */
const NAMED_IN_GROUP = 3;

type OpportunityRow = typeof insightOpportunities.$inferSelect;

const sentence = (s: string) => (/[.!?]$/.test(s.trim()) ? s.trim() : `${s.trim()}.`);
const yearly = (minor: number, currency: string) => `${formatAmount(minor, currency)} a year`;

/** "Save $4,320.00 a year: 12 idle Slack seats". */
export function insightAlertTitle(row: Pick<OpportunityRow, 'title' | 'savingMinor' | 'currency'>) {
  return `Save ${yearly(row.savingMinor ?? 0, row.currency)}: ${row.title}`;
}

function singleAlert(row: OpportunityRow, ownerUserId: string | null, eventId: string): Alert {
  const saving = row.savingMinor ?? 0;
  return {
    type: 'other',
    title: insightAlertTitle(row),
    message: [
      sentence(explanationOf(row)),
      row.arithmetic ? sentence(`How: ${row.arithmetic}`) : null,
      sentence(`Confidence ${row.confidence}: ${row.confidenceReason}`),
    ]
      .filter(Boolean)
      .join(' '),
    priority: alertPriority({ atStakeMinor: saving, currency: row.currency, daysLeft: null }),
    dueOn: null,
    subscriptionId: row.applicationIds.length === 1 ? row.applicationIds[0] : null,
    ownerUserId,
    actionUrl: `/app/insights/${row.id}`,
    actionText: 'Review the saving',
    // Each identification once (a reopened opportunity comes in a later event and notifies again).
    dedupeKey: `insight:${row.id}:${eventId}`,
  };
}

function groupedAlert(rows: OpportunityRow[], eventId: string): Alert {
  const currency = rows[0].currency;
  const total = combineSavings(rows).annualMinor;
  const named = rows
    .slice(0, NAMED_IN_GROUP)
    .map((r) => `${r.title} (${yearly(r.savingMinor ?? 0, currency)})`);
  const more = rows.length - named.length;
  return {
    type: 'other',
    title: `Save ${yearly(total, currency)}: ${rows.length} new savings opportunities`,
    message: `The largest: ${named.join('; ')}${more > 0 ? `; and ${more} more` : ''}. Overlapping savings are counted once in the total.`,
    priority: alertPriority({ atStakeMinor: total, currency, daysLeft: null }),
    dueOn: null,
    subscriptionId: null,
    ownerUserId: null,
    actionUrl: '/app/insights',
    actionText: 'Review the savings',
    dedupeKey: `insights:${eventId}`,
  };
}

/**
 * The alerts for opportunities just identified: those still open and worth at least the
 * organization's threshold, largest first; one each, or one for all when there are many.
 */
export async function insightAlerts(
  db: DbOrTx,
  orgId: string,
  opportunityIds: string[],
  eventId: string,
  now: Date,
): Promise<Alert[]> {
  if (opportunityIds.length === 0) return [];
  const org = await findOrganization(db, orgId);
  if (!org || !canUseFeature(effectivePlanOf(org, now), 'insights')) return [];
  const { settings } = await loadInsightSettings(db, orgId);
  const rows = (await openDetectedOpportunities(db, orgId, opportunityIds))
    .filter(
      (r) =>
        r.savingMinor !== null && r.savingMinor >= settings.highValueMinor && r.currency === org.currency,
    )
    .sort((a, b) => (b.savingMinor ?? 0) - (a.savingMinor ?? 0) || a.title.localeCompare(b.title));
  if (rows.length === 0) return [];
  if (rows.length > MAX_SEPARATE_INSIGHT_ALERTS) return [groupedAlert(rows, eventId)];

  // The application's owner hears about savings on it when the organization e-mails owners.
  const appIds = [...new Set(rows.flatMap((r) => (r.applicationIds.length === 1 ? r.applicationIds : [])))];
  const owners = await applicationOwners(db, orgId, appIds);
  return rows.map((r) =>
    singleAlert(r, r.applicationIds.length === 1 ? (owners.get(r.applicationIds[0]) ?? null) : null, eventId),
  );
}

/** New or reopened high-value opportunities notify (once per event: the handler's transaction). */
export const insightAlertsHandler: EventHandler<'insight.identified'> = {
  name: 'insights.high-value-alerts',
  events: ['insight.identified'],
  handle: async (tx, event) => {
    const alerts = await insightAlerts(
      tx,
      event.organizationId,
      event.payload.opportunityIds,
      event.id,
      event.occurredAt,
    );
    await raiseAlerts(tx, event.occurredAt, event.organizationId, alerts);
  },
};
