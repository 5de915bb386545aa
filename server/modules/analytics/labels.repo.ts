// Names and ledger filters of analytics groups. The drill keys are the expenses ledger's filters
// (documented on the contract's `drill`): an id per dimension, or a "none" flag for the '' group.
import { displayName } from '../../../common/display-name';
import { sql } from 'drizzle-orm';
import { ANALYTICS_DIMENSION_LABELS, type AnalyticsDimension } from '../../../common/contracts/analytics';
import type { DbOrTx } from '../../db/client';
import { uuidArray } from '../../db/sql-helpers';
import { entityAndBrandNames } from '../entities';
import { userNames } from '../organizations';
import { namesById } from '../settings-lists';
import { subscriptionsOf } from '../subscriptions';
import { vendorNamesOf } from '../vendors';
import { EXCEPT_BY, EXCEPT_SEPARATOR } from '../../../common/contracts/expenses';

/** The label of the '' group of each dimension. */
const NONE_LABELS: Record<AnalyticsDimension, string> = {
  none: ANALYTICS_DIMENSION_LABELS.none,
  category: 'Uncategorized',
  department: 'No department',
  vendor: 'No vendor',
  application: 'Unmatched charges',
  paymentMethod: 'No payment method',
  owner: 'No owner',
  entity: 'Default entity',
  brand: 'Default brand',
};

const ID_FILTER: Partial<Record<AnalyticsDimension, string>> = {
  category: 'categoryId',
  department: 'department',
  vendor: 'vendorId',
  application: 'subscriptionId',
  paymentMethod: 'paymentMethodId',
  owner: 'ownerId',
  entity: 'entityId',
  brand: 'brandId',
};

const NONE_FILTER: Partial<Record<AnalyticsDimension, string>> = {
  category: 'noCategory',
  department: 'noDepartment',
  vendor: 'noVendor',
  application: 'unmatched',
  paymentMethod: 'noPaymentMethod',
  owner: 'noOwner',
};

/** The ledger filters showing the charges of a group ({} for the organization's total). */
export function drillFor(dim: AnalyticsDimension, key: string): Record<string, string> {
  if (dim === 'none') return {};
  if (key === '') {
    const flag = NONE_FILTER[dim];
    return flag ? { [flag]: 'true' } : {};
  }
  return { [ID_FILTER[dim]!]: key };
}

/**
 * The ledger filters of the "Other" group: every charge whose group is none of `shown` (the groups
 * listed on their own). Null where the ledger has no such filter (entity, brand).
 */
export function otherDrillFor(
  dim: AnalyticsDimension,
  shown: readonly string[],
): Record<string, string> | null {
  const by = ID_FILTER[dim];
  if (!by || !(EXCEPT_BY as readonly string[]).includes(by)) return null;
  return { exceptBy: by, except: shown.join(EXCEPT_SEPARATOR) };
}

async function idNames(db: DbOrTx, orgId: string, dim: AnalyticsDimension, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const list = uuidArray(ids);
  switch (dim) {
    case 'category':
    case 'paymentMethod':
      return namesById(db, orgId, ids);
    case 'vendor': {
      const vendor = vendorNamesOf(orgId);
      const rows = await db
        .select()
        .from(vendor)
        .where(sql`${vendor.id} = any(${list})`);
      return new Map(rows.map((r) => [r.id, r.name]));
    }
    case 'application': {
      const app = subscriptionsOf(orgId, 'app');
      const rows = await db
        .select({ id: app.id, name: app.name })
        .from(app)
        .where(sql`${app.id} = any(${list})`);
      return new Map(rows.map((r) => [r.id, r.name]));
    }
    case 'owner': {
      // The ids come from this organization's applications, so every name read is a member's.
      const user = userNames();
      const rows = await db
        .select()
        .from(user)
        .where(sql`${user.id} = any(${list})`);
      return new Map(rows.map((r) => [r.id, displayName(r)]));
    }
    case 'entity':
    case 'brand': {
      const names = await entityAndBrandNames(db, orgId);
      return dim === 'entity' ? names.entities : names.brands;
    }
    default:
      return new Map<string, string>();
  }
}

/** Labels of the groups `keys` of a dimension; an id no longer known reads as "Unknown". */
export async function labelsFor(db: DbOrTx, orgId: string, dim: AnalyticsDimension, keys: string[]) {
  const ids = keys.filter((k) => k !== '');
  const names = dim === 'department' ? new Map(ids.map((k) => [k, k])) : await idNames(db, orgId, dim, ids);
  return new Map(keys.map((k) => [k, k === '' ? NONE_LABELS[dim] : (names.get(k) ?? 'Unknown')]));
}
