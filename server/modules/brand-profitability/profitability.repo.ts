// Brand profitability queries: allocated spend from the expenses' monthly rollup, people per brand,
// active users per application. Spend splits follow the allocation shares; a target without any
// is wholly the default entity and brand.
import { and, eq, gte, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { uuidArray } from '../../db/sql-helpers';
import { allocationSharesOf, brandsOf, entitiesOf } from '../entities';
import { activePeopleBy, activePeopleIn } from '../people';
import { spendByMonthAndTarget } from '../expenses';
import { seatsOf } from '../licenses';
import { subscriptionsOf } from '../subscriptions';

export interface Defaults {
  brandId: string;
  entityId: string;
}

/** The organization's default brand and entity: where unallocated spend and people belong. */
export async function findDefaults(db: DbOrTx, orgId: string): Promise<Defaults> {
  const brand = brandsOf(orgId);
  const entity = entitiesOf(orgId);
  const [row] = await db
    .select({ brandId: brand.id, entityId: entity.id })
    .from(brand)
    .innerJoin(entity, sql`${entity.isDefault}`)
    .where(sql`${brand.isDefault}`);
  if (!row) throw new Error(`organization ${orgId} has no default brand and entity`);
  return row;
}

export interface Period {
  /** First days of the first and last months. */
  fromMonth: string;
  toMonth: string;
  entityId?: string | undefined;
}

/** The spend rows of the period joined to their shares (left join: none means the defaults). */
function allocatedSpend(orgId: string, period: Period, defaults: Defaults) {
  const spend = spendByMonthAndTarget(orgId, period.fromMonth, period.toMonth);
  const share = allocationSharesOf(orgId);
  const brandId = sql<string>`coalesce(${share.brandId}, ${defaults.brandId}::uuid)`;
  /** Converted amount × basis points: exact, in 1/10000 of a minor unit. */
  const weighted = sql`${spend.convertedMinor} * coalesce(${share.basisPoints}, 10000)`;
  const entityFilter: SQL | undefined = period.entityId
    ? sql`coalesce(${share.entityId}, ${defaults.entityId}::uuid) = ${period.entityId}::uuid`
    : undefined;
  // The subquery's computed columns are named unqualified by Drizzle: qualify them by its alias.
  const target = (column: string) => sql.raw(`"spend"."${column}"`);
  const join = sql`${share.targetKind} = ${target('target_kind')} and ${share.targetId} = ${target('target_id')}`;
  return { spend, share, brandId, weighted, entityFilter, join };
}

/**
 * Per month and brand: the brand's exact weight (1/10000 minor) and the month's total rounded once,
 * summed in numeric so no share is rounded on its own.
 */
export async function brandMonthWeights(db: DbOrTx, orgId: string, period: Period, defaults: Defaults) {
  const { spend, share, brandId, weighted, entityFilter, join } = allocatedSpend(orgId, period, defaults);
  const rows = await db
    .select({
      month: spend.month,
      brandId,
      weight: sql<string>`round(sum(${weighted}))::text`,
      monthTotal: sql<string>`round(sum(sum(${weighted})) over (partition by ${spend.month}) / 10000)::text`,
    })
    .from(spend)
    .leftJoin(share, join)
    .where(entityFilter)
    .groupBy(sql`1`, sql`2`); // by position: the brand expression carries a parameter
  return rows.map((r) => ({
    month: r.month.slice(0, 7),
    brandId: r.brandId,
    weight: Number(r.weight),
    monthTotal: Number(r.monthTotal),
  }));
}

/** Per brand and application: the brand's spend on it over the period (unmatched charges left out). */
export async function brandApplicationSpend(
  db: DbOrTx,
  orgId: string,
  period: Period,
  defaults: Defaults,
  onlyBrandId?: string,
) {
  const { spend, share, brandId, weighted, entityFilter, join } = allocatedSpend(orgId, period, defaults);
  const rows = await db
    .select({
      brandId,
      subscriptionId: sql<string>`${spend.subscriptionId}`,
      spendMinor: sql<string>`round(sum(${weighted}) / 10000)::text`,
    })
    .from(spend)
    .leftJoin(share, join)
    .where(
      and(
        isNotNull(spend.subscriptionId),
        entityFilter,
        onlyBrandId ? sql`${brandId} = ${onlyBrandId}::uuid` : undefined,
      ),
    )
    .groupBy(sql`1`, sql`2`);
  return rows.map((r) => ({ ...r, spendMinor: Number(r.spendMinor) }));
}

/**
 * Charges of the period with no rate into the organization's currency, per currency, with the
 * brands (by their shares; none means the default brand) and months they fall in.
 */
export async function unconvertedBetween(db: DbOrTx, orgId: string, period: Period, defaults: Defaults) {
  const spend = spendByMonthAndTarget(orgId, period.fromMonth, period.toMonth);
  const rows = await db
    .select({
      currency: spend.currency,
      amountMinor: sql<string>`sum(${spend.unconvertedMinor})::text`,
      count: sql<string>`sum(${spend.unconvertedCount})::text`,
    })
    .from(spend)
    .groupBy(spend.currency)
    .having(sql`sum(${spend.unconvertedCount}) <> 0`)
    .orderBy(spend.currency);
  if (rows.length === 0) return [];
  const { spend: allocated, share, brandId, entityFilter, join } = allocatedSpend(orgId, period, defaults);
  const places = await db
    .select({ currency: allocated.currency, brandId, month: allocated.month })
    .from(allocated)
    .leftJoin(share, join)
    .where(and(sql`${allocated.unconvertedCount} <> 0`, entityFilter))
    .groupBy(sql`1`, sql`2`, sql`3`)
    .orderBy(sql`1`, sql`2`, sql`3`);
  return rows.map((r) => {
    const where = new Map<string, string[]>();
    for (const p of places.filter((x) => x.currency === r.currency)) {
      where.set(p.brandId, [...(where.get(p.brandId) ?? []), p.month.slice(0, 7)]);
    }
    return {
      currency: r.currency,
      amountMinor: Number(r.amountMinor),
      count: Number(r.count),
      where: [...where].map(([id, months]) => ({ brandId: id, months })),
    };
  });
}

/** Names and active users (a seat used within `activeSince`) of the given applications. */
export async function applicationActivity(
  db: DbOrTx,
  orgId: string,
  subscriptionIds: string[],
  activeSince: Date,
) {
  if (subscriptionIds.length === 0) return new Map<string, { name: string; activeUsers: number }>();
  const app = subscriptionsOf(orgId);
  const seat = seatsOf(orgId);
  const rows = await db
    .select({
      id: app.id,
      name: app.name,
      activeUsers: sql<number>`count(distinct ${seat.personId})::int`,
    })
    .from(app)
    .leftJoin(
      seat,
      and(eq(seat.subscriptionId, app.id), isNull(seat.unassignedAt), gte(seat.lastActiveAt, activeSince)),
    )
    .where(sql`${app.id} = any(${uuidArray(subscriptionIds)})`)
    .groupBy(app.id, app.name);
  return new Map(rows.map((r) => [r.id, { name: r.name, activeUsers: r.activeUsers }]));
}

/** Active people per brand (entities' one definition: own, else department's, else the default). */
export async function peoplePerBrand(db: DbOrTx, orgId: string, defaults: Defaults, entityId?: string) {
  return activePeopleBy(db, orgId, 'brand', { entityId }, defaults);
}

/** The brand's active people, by the same definition. */
export async function peopleOfBrand(db: DbOrTx, orgId: string, defaults: Defaults, brandId: string) {
  return activePeopleIn(db, orgId, { brandId }, defaults);
}

/**
 * The brand's share in basis points of the applications allocated to it, and of `alsoIds` that
 * have an allocation (0 when it names other brands only). An application missing from the answer
 * has no allocation: wholly the default brand's.
 */
export async function sharesOfBrand(db: DbOrTx, orgId: string, brandId: string, alsoIds: string[]) {
  const share = allocationSharesOf(orgId);
  const ofBrand = sql`${share.brandId} = ${brandId}::uuid`;
  const rows = await db
    .select({
      subscriptionId: share.targetId,
      basisPoints: sql<number>`coalesce(sum(${share.basisPoints}) filter (where ${ofBrand}), 0)::int`,
    })
    .from(share)
    .where(eq(share.targetKind, 'subscription'))
    .groupBy(share.targetId)
    .having(sql`bool_or(${ofBrand}) or ${share.targetId} = any(${uuidArray(alsoIds)})`);
  return new Map(rows.map((r) => [r.subscriptionId, r.basisPoints]));
}
