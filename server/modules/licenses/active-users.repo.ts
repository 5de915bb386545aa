// Active users of an application (issue 31: one definition, one function). Every screen, report,
// pack and insight that says how many people use an application reads it from here:
//
//   active users, last N days = distinct people holding an open seat of the application (any of its
//   license pools) whose last recorded activity falls on a calendar day (UTC) on or after
//   today − N days. Every activity signal counts: a usage import, a sign-in export, a holder's
//   "still using it" answer, or a date entered by hand. N is the organization's activity window
//   (Licenses → "Inactive after", 30, 60 or 90 days; 30 by default).
//
//   has usage data = at least one open seat of the application has a recorded activity date. Without
//   it the number of active users is unknown (not zero): nothing may be concluded from it.
//
// The pure twin for one seat is `isActiveOn` in common/licenses.ts (the insights detectors use it
// on their snapshot with the same window).
import { and, eq, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { activeWindowStart, type UsageSource } from '../../../common/licenses';
import { todayInTimeZone } from '../../../common/dates';
import type { DbOrTx } from '../../db/client';
import { licenseAssignments, licensePools } from '../../db/schema';

/** The organization's "active in the last N days" window as of `now`. */
export interface ActiveWindow {
  /** N: the organization's activity window in days. */
  days: number;
  /** Today (UTC calendar day). */
  today: string;
  /** The first day that counts: today − N days. */
  since: string;
}

export function activeWindowOf(org: { licenseInactivityDays: number }, now: Date): ActiveWindow {
  const today = todayInTimeZone(now);
  const days = org.licenseInactivityDays;
  return { days, today, since: activeWindowStart(today, days) };
}

/** SQL: the seat's last activity falls in the window (false when never seen). */
export function seatActiveSince(lastActiveAt: SQL | AnyColumn, since: string): SQL<boolean> {
  return sql<boolean>`coalesce((${lastActiveAt} at time zone 'UTC')::date >= ${since}::date, false)`;
}

/** Active users and usage-data presence of one application. */
export interface ApplicationActivity {
  subscriptionId: string;
  /** Distinct people holding an open seat. */
  holders: number;
  /** Distinct holders active in the window (see the header). */
  activeUsers: number;
  /** False = unknown: no open seat has any recorded activity. */
  hasUsageData: boolean;
  /** The latest recorded activity of an open seat, and where it came from (a usage import, a connector…). */
  lastActivityAt: Date | null;
  usageSource: UsageSource | null;
}

/**
 * Active users per application, in the window. Narrow with `subscriptionIds` or `poolIds` (an
 * entity/brand filter's pools); applications without open seats are absent from the map.
 */
export async function applicationActivity(
  db: DbOrTx,
  orgId: string,
  window: Pick<ActiveWindow, 'since'>,
  only: { subscriptionIds?: readonly string[]; poolIds?: readonly string[] } = {},
): Promise<Map<string, ApplicationActivity>> {
  if (only.subscriptionIds?.length === 0 || only.poolIds?.length === 0) return new Map();
  const rows = await db
    .select({
      subscriptionId: licensePools.subscriptionId,
      holders: sql<number>`count(distinct ${licenseAssignments.personId})::int`,
      activeUsers: sql<number>`count(distinct ${licenseAssignments.personId}) filter (where ${seatActiveSince(licenseAssignments.lastActiveAt, window.since)})::int`,
      hasUsageData: sql<boolean>`bool_or(${licenseAssignments.lastActiveAt} is not null)`,
      lastActivityAt: sql<string | null>`max(${licenseAssignments.lastActiveAt})`,
      usageSource: sql<UsageSource | null>`(array_agg(${licenseAssignments.source} order by ${licenseAssignments.lastActiveAt} desc) filter (where ${licenseAssignments.lastActiveAt} is not null))[1]`,
    })
    .from(licenseAssignments)
    .innerJoin(
      licensePools,
      and(eq(licensePools.organizationId, orgId), eq(licensePools.id, licenseAssignments.poolId)),
    )
    .where(
      and(
        eq(licenseAssignments.organizationId, orgId),
        isNull(licenseAssignments.unassignedAt),
        only.subscriptionIds ? inArray(licensePools.subscriptionId, [...only.subscriptionIds]) : undefined,
        only.poolIds ? inArray(licenseAssignments.poolId, [...only.poolIds]) : undefined,
      ),
    )
    .groupBy(licensePools.subscriptionId);
  return new Map(
    rows.map((r) => [
      r.subscriptionId,
      {
        ...r,
        hasUsageData: Boolean(r.hasUsageData),
        lastActivityAt: r.lastActivityAt ? new Date(r.lastActivityAt) : null,
        usageSource: r.usageSource ?? null,
      },
    ]),
  );
}

/** One application's active users (zero holders and no usage data when it has no open seat). */
export async function activeUsersOf(
  db: DbOrTx,
  orgId: string,
  window: Pick<ActiveWindow, 'since'>,
  subscriptionId: string,
): Promise<ApplicationActivity> {
  const row = (await applicationActivity(db, orgId, window, { subscriptionIds: [subscriptionId] })).get(
    subscriptionId,
  );
  return (
    row ?? {
      subscriptionId,
      holders: 0,
      activeUsers: 0,
      hasUsageData: false,
      lastActivityAt: null,
      usageSource: null,
    }
  );
}
