// Ledger filters by the dimensions analytics cuts spend by, so a drill-down from a chart lists exactly
// the charges behind its figure. Same rule as analytics: an expense's own category, department,
// vendor and payment method win; without one it counts under its application's. Owner is always
// the application's. The no… flags select the '' groups (nothing own, nothing on the application).
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { EXCEPT_SEPARATOR, type ExceptBy, type ExpenseListFilter } from '../../../common/contracts/expenses';
import { expenses } from '../../db/schema';
import { subqueryBuilder } from '../../db/sql-helpers';
import { subscriptionsOf } from '../subscriptions';

type DrillFilter = Pick<
  Partial<ExpenseListFilter>,
  | 'categoryId'
  | 'vendorId'
  | 'paymentMethodId'
  | 'department'
  | 'ownerId'
  | 'unmatched'
  | 'noCategory'
  | 'noDepartment'
  | 'noVendor'
  | 'noPaymentMethod'
  | 'noOwner'
  | 'exceptBy'
  | 'except'
>;
type App = ReturnType<typeof subscriptionsOf<'drill_app'>>;

/** Ids of the organization's applications that pass `where`. */
function applicationsWhere(orgId: string, where: (app: App) => SQL) {
  const app = subscriptionsOf(orgId, 'drill_app');
  return subqueryBuilder.select({ id: app.id }).from(app).where(where(app));
}

/** An attribute an expense may set itself, else takes from its application: when each has none. */
interface Inherited {
  ownMissing: SQL;
  appMissing: (app: App) => SQL;
}

/** The expense's own value matches (`own`), or it has none and its application's matches. */
function inheritedMatches(orgId: string, a: Inherited, own: SQL, app: (app: App) => SQL): SQL {
  return or(own, and(a.ownMissing, inArray(expenses.subscriptionId, applicationsWhere(orgId, app))))!;
}

/** Neither the expense nor its application (if any) has a value. */
function inheritedMissing(orgId: string, a: Inherited): SQL {
  return and(
    a.ownMissing,
    or(
      isNull(expenses.subscriptionId),
      inArray(expenses.subscriptionId, applicationsWhere(orgId, a.appMissing)),
    ),
  )!;
}

/** A blank department counts as none. */
const blank = (column: unknown) => sql`nullif(btrim(${column}), '') is null`;
const trimmed = (column: unknown) => sql`nullif(btrim(${column}), '')`;

const CATEGORY: Inherited = {
  ownMissing: isNull(expenses.categoryId),
  appMissing: (app) => isNull(app.categoryId),
};
const VENDOR: Inherited = {
  ownMissing: isNull(expenses.vendorId),
  appMissing: (app) => isNull(app.vendorId),
};
const PAYMENT_METHOD: Inherited = {
  ownMissing: isNull(expenses.paymentMethodId),
  appMissing: (app) => isNull(app.paymentMethodId),
};
const DEPARTMENT: Inherited = {
  ownMissing: blank(expenses.department),
  appMissing: (app) => blank(app.department),
};

export function drillConditions(orgId: string, f: DrillFilter): SQL[] {
  const conditions: SQL[] = [];
  const { categoryId, vendorId, paymentMethodId, department, ownerId } = f;
  if (categoryId) {
    conditions.push(
      inheritedMatches(orgId, CATEGORY, eq(expenses.categoryId, categoryId), (app) =>
        eq(app.categoryId, categoryId),
      ),
    );
  }
  if (vendorId) {
    conditions.push(
      inheritedMatches(orgId, VENDOR, eq(expenses.vendorId, vendorId), (app) => eq(app.vendorId, vendorId)),
    );
  }
  if (paymentMethodId) {
    conditions.push(
      inheritedMatches(orgId, PAYMENT_METHOD, eq(expenses.paymentMethodId, paymentMethodId), (app) =>
        eq(app.paymentMethodId, paymentMethodId),
      ),
    );
  }
  if (department) {
    conditions.push(
      inheritedMatches(
        orgId,
        DEPARTMENT,
        sql`${trimmed(expenses.department)} = ${department}`,
        (app) => sql`${trimmed(app.department)} = ${department}`,
      ),
    );
  }
  if (f.noCategory === 'true') conditions.push(inheritedMissing(orgId, CATEGORY));
  if (f.noVendor === 'true') conditions.push(inheritedMissing(orgId, VENDOR));
  if (f.noPaymentMethod === 'true') conditions.push(inheritedMissing(orgId, PAYMENT_METHOD));
  if (f.noDepartment === 'true') conditions.push(inheritedMissing(orgId, DEPARTMENT));
  if (ownerId) {
    conditions.push(
      inArray(
        expenses.subscriptionId,
        applicationsWhere(orgId, (app) => eq(app.ownerUserId, ownerId)),
      ),
    );
  }
  // Unmatched charges have no owner: they belong to the "No owner" group as analytics counts it.
  if (f.noOwner === 'true') {
    conditions.push(
      or(
        isNull(expenses.subscriptionId),
        inArray(
          expenses.subscriptionId,
          applicationsWhere(orgId, (app) => isNull(app.ownerUserId)),
        ),
      )!,
    );
  }
  if (f.unmatched === 'true') conditions.push(isNull(expenses.subscriptionId));
  if (f.exceptBy && f.except !== undefined) conditions.push(exceptCondition(orgId, f.exceptBy, f.except));
  return conditions;
}

const INHERITED: Partial<
  Record<ExceptBy, { attr: Inherited; own: (v: string) => SQL; app: (app: App, v: string) => SQL }>
> = {
  categoryId: {
    attr: CATEGORY,
    own: (v) => eq(expenses.categoryId, v),
    app: (app, v) => eq(app.categoryId, v),
  },
  vendorId: { attr: VENDOR, own: (v) => eq(expenses.vendorId, v), app: (app, v) => eq(app.vendorId, v) },
  paymentMethodId: {
    attr: PAYMENT_METHOD,
    own: (v) => eq(expenses.paymentMethodId, v),
    app: (app, v) => eq(app.paymentMethodId, v),
  },
  department: {
    attr: DEPARTMENT,
    own: (v) => sql`${trimmed(expenses.department)} = ${v}`,
    app: (app, v) => sql`${trimmed(app.department)} = ${v}`,
  },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The analytics "Other" group: every charge whose group (as analytics counts it) is none of the
 * listed values ('' = the "none" group). Each charge has exactly one group, so this is the
 * complement of the listed groups' drill-downs, and their sums add up to the period's total.
 */
function exceptCondition(orgId: string, by: ExceptBy, list: string): SQL {
  const values = [...new Set(list.split(EXCEPT_SEPARATOR).map((v) => v.trim()))];
  const named = values.filter((v) => v !== '' && (by === 'department' || UUID.test(v)));
  const none = values.includes('');
  // A NULL from a comparison must read as "not in the list", never drop the charge.
  const isFalse = (condition: SQL | undefined) => sql`coalesce((${condition ?? sql`false`}), false) = false`;
  const inherited = INHERITED[by];
  if (inherited) {
    const listed = or(
      ...named.map((v) =>
        inheritedMatches(orgId, inherited.attr, inherited.own(v), (app) => inherited.app(app, v)),
      ),
      none ? inheritedMissing(orgId, inherited.attr) : undefined,
    );
    return isFalse(listed);
  }
  if (by === 'ownerId') {
    const owned = named.length
      ? inArray(
          expenses.subscriptionId,
          applicationsWhere(orgId, (app) => inArray(app.ownerUserId, named)),
        )
      : undefined;
    const noOwner = none
      ? or(
          isNull(expenses.subscriptionId),
          inArray(
            expenses.subscriptionId,
            applicationsWhere(orgId, (app) => isNull(app.ownerUserId)),
          ),
        )
      : undefined;
    return isFalse(or(owned, noOwner));
  }
  // subscriptionId: '' is the "Unmatched charges" group.
  return isFalse(
    or(
      named.length ? inArray(expenses.subscriptionId, named) : undefined,
      none ? isNull(expenses.subscriptionId) : undefined,
    ),
  );
}
