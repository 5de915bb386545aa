import { and, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { LIVE_STATUSES } from '../../common/live-applications';

// SQL filters for a live application (common/live-applications.ts): over the subscriptions table,
// an alias of it or an owner's join-able subquery of it.

/** Not archived: archived applications keep their history but count and show nowhere. */
export const notArchived = (app: { archivedAt: SQLWrapper }): SQL => isNull(app.archivedAt);

/** Active or on trial. */
export const hasLiveStatus = (app: { status: SQLWrapper }): SQL => inArray(app.status, [...LIVE_STATUSES]);

/** Not archived, active or on trial. */
export const isLiveApplication = (app: { archivedAt: SQLWrapper; status: SQLWrapper }): SQL =>
  and(notArchived(app), hasLiveStatus(app)) as SQL;

/** The live statuses as an SQL list, for raw SQL text: `status in ${liveStatusList}`. */
export const liveStatusList: SQL = sql`(${sql.join(
  LIVE_STATUSES.map((status) => sql`${status}`),
  sql`, `,
)})`;
