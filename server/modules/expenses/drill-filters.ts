// Ledger filters by the dimensions analytics cuts spend by, so a drill-down from a chart lists exactly
// the charges behind its figure. Same rule as analytics: an expense's own category, department and
// vendor win; without one it counts under its application's. Owner is always the application's.
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ExpenseListFilter } from '../../../common/contracts/expenses';
import { expenses } from '../../db/schema';
import { subqueryBuilder } from '../../db/sql-helpers';
import { subscriptionsOf } from '../subscriptions';

type DrillFilter = Pick<
  Partial<ExpenseListFilter>,
  'categoryId' | 'vendorId' | 'department' | 'ownerId' | 'unmatched'
>;

type App = ReturnType<typeof subscriptionsOf<'drill_app'>>;

/** Ids of the organization's applications that pass `where`. */
function applicationsWhere(orgId: string, where: (app: App) => SQL) {
  const app = subscriptionsOf(orgId, 'drill_app');
  return subqueryBuilder.select({ id: app.id }).from(app).where(where(app));
}

/** The expense's own value when it has one, else its application's. */
function ownOrApplication(orgId: string, own: SQL, ownMissing: SQL, appWhere: (app: App) => SQL) {
  return or(own, and(ownMissing, inArray(expenses.subscriptionId, applicationsWhere(orgId, appWhere))))!;
}

export function drillConditions(orgId: string, f: DrillFilter): SQL[] {
  const conditions: SQL[] = [];
  if (f.categoryId) {
    const id = f.categoryId;
    conditions.push(
      ownOrApplication(orgId, eq(expenses.categoryId, id), isNull(expenses.categoryId), (app) =>
        eq(app.categoryId, id),
      ),
    );
  }
  if (f.vendorId) {
    const id = f.vendorId;
    conditions.push(
      ownOrApplication(orgId, eq(expenses.vendorId, id), isNull(expenses.vendorId), (app) =>
        eq(app.vendorId, id),
      ),
    );
  }
  if (f.department) {
    const name = f.department;
    // A blank department on the expense counts as none.
    conditions.push(
      ownOrApplication(
        orgId,
        sql`nullif(btrim(${expenses.department}), '') = ${name}`,
        sql`nullif(btrim(${expenses.department}), '') is null`,
        (app) => sql`nullif(btrim(${app.department}), '') = ${name}`,
      ),
    );
  }
  if (f.ownerId) {
    const id = f.ownerId;
    conditions.push(
      inArray(
        expenses.subscriptionId,
        applicationsWhere(orgId, (app) => eq(app.ownerUserId, id)),
      ),
    );
  }
  if (f.unmatched === 'true') conditions.push(isNull(expenses.subscriptionId));
  return conditions;
}
