import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AllocationMethod, AllocationTargetKind } from '../../../common/contracts/entities';
import type { FxRateSource } from '../../../common/contracts/fx-rates';
import { createdAt, timestamps, updatedAt } from './columns';
import { organizationId as orgId, tenantReference, tenantTable } from './tenant';

/** Stands in for "none" in rollup key columns, which cannot be null. */
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

// Entities and brands (issue 19). Every organization has one default entity and one default brand,
// made by a trigger on organizations (migration 0024): the "1 entity, 1 brand" of Starter and Growth.

/** A legal entity: what signs contracts and pays invoices, with its own functional currency. */
export const entities = tenantTable(
  'entities',
  {
    name: text('name').notNull(),
    legalName: text('legal_name'),
    /** ISO 3166-1 alpha-2. */
    country: text('country'),
    functionalCurrency: text('functional_currency').notNull(),
    taxId: text('tax_id'),
    costCentre: text('cost_centre'),
    parentId: uuid('parent_id'),
    isDefault: boolean('is_default').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    tenantReference('entities_parent_fk', t, t.parentId, t, 'clear'),
    uniqueIndex('entities_org_name_idx').on(t.organizationId, sql`lower(${t.name})`),
    uniqueIndex('entities_org_default_idx')
      .on(t.organizationId)
      .where(sql`${t.isDefault}`),
  ],
);

/** A brand the group sells under; owned by one entity. */
export const brands = tenantTable(
  'brands',
  {
    name: text('name').notNull(),
    /** '#RRGGBB'. */
    color: text('color').notNull().default('#6366F1'),
    description: text('description'),
    entityId: uuid('entity_id'),
    /** Storage key and type of the uploaded logo. */
    logoKey: text('logo_key'),
    logoType: text('logo_type'),
    isDefault: boolean('is_default').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    tenantReference('brands_entity_fk', t, t.entityId, entities, 'clear'),
    uniqueIndex('brands_org_name_idx').on(t.organizationId, sql`lower(${t.name})`),
    uniqueIndex('brands_org_default_idx')
      .on(t.organizationId)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * How one application, contract, license pool, expense or budget is allocated. No row: wholly to the
 * default entity and brand. `fixed`: the shares as saved; `department` and `license_holders`: the
 * shares are recomputed from the people holding its licenses (their department's mapping, or
 * their own entity and brand) whenever licenses or people change.
 */
export const allocations = pgTable(
  'allocations',
  {
    organizationId: orgId(),
    targetKind: text('target_kind').$type<AllocationTargetKind>().notNull(),
    targetId: uuid('target_id').notNull(),
    method: text('method').$type<AllocationMethod>().notNull().default('fixed'),
    updatedBy: uuid('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: 'allocations_pkey', columns: [t.organizationId, t.targetKind, t.targetId] })],
);

/** One share of an allocation in basis points (10000 = 100 %); a target's shares sum to 10000. */
export const allocationShares = pgTable(
  'allocation_shares',
  {
    organizationId: orgId(),
    targetKind: text('target_kind').$type<AllocationTargetKind>().notNull(),
    targetId: uuid('target_id').notNull(),
    entityId: uuid('entity_id').notNull(),
    brandId: uuid('brand_id').notNull(),
    basisPoints: integer('basis_points').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'allocation_shares_pkey',
      columns: [t.organizationId, t.targetKind, t.targetId, t.entityId, t.brandId],
    }),
    tenantReference('allocation_shares_entity_fk', t, t.entityId, entities, 'cascade'),
    tenantReference('allocation_shares_brand_fk', t, t.brandId, brands, 'cascade'),
    index('allocation_shares_org_brand_idx').on(t.organizationId, t.brandId, t.targetKind),
    index('allocation_shares_org_entity_idx').on(t.organizationId, t.entityId, t.targetKind),
    check('allocation_shares_bp_check', sql`${t.basisPoints} > 0 and ${t.basisPoints} <= 10000`),
  ],
);

/** Where a department's people belong, for the `department` allocation rule and people without their own. */
export const departmentAllocations = pgTable(
  'department_allocations',
  {
    organizationId: orgId(),
    department: text('department').notNull(),
    entityId: uuid('entity_id').notNull(),
    brandId: uuid('brand_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'department_allocations_pkey', columns: [t.organizationId, t.department] }),
    tenantReference('department_allocations_entity_fk', t, t.entityId, entities, 'cascade'),
    tenantReference('department_allocations_brand_fk', t, t.brandId, brands, 'cascade'),
  ],
);

/**
 * 1 `base` = `rate` `quote` on `date` (the ECB's form: EUR→USD 1.0812). A conversion uses the latest
 * rate on or before the charge's date, at most FX_LOOKBACK_DAYS old (weekends and holidays have
 * none), directly, inverted, or through a common base on the same day; else it is missing.
 */
export const fxRates = pgTable(
  'fx_rates',
  {
    organizationId: orgId(),
    date: date('date').notNull(),
    base: text('base').notNull(),
    quote: text('quote').notNull(),
    rate: numeric('rate', { precision: 24, scale: 12 }).notNull(),
    source: text('source').$type<FxRateSource>().notNull().default('manual'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'fx_rates_pkey', columns: [t.organizationId, t.base, t.quote, t.date] }),
    index('fx_rates_org_quote_idx').on(t.organizationId, t.quote, t.date),
    check('fx_rates_rate_check', sql`${t.rate} > 0`),
  ],
);

/** A brand's revenue for one month (first day of the month), entered or imported. */
export const brandRevenue = pgTable(
  'brand_revenue',
  {
    organizationId: orgId(),
    brandId: uuid('brand_id').notNull(),
    month: date('month').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'brand_revenue_pkey', columns: [t.organizationId, t.brandId, t.month] }),
    tenantReference('brand_revenue_brand_fk', t, t.brandId, brands, 'cascade'),
  ],
);

/**
 * Expenses per month, currency, application and (for an expense allocated on its own) expense,
 * with the sum converted into the organization's currency at each charge's own date. Kept by
 * triggers (migration 0024): on expenses as they are written, and recomputed for the months a
 * change of rates or of the organization's currency touches. `unconvertedCount` counts charges
 * with no rate (their amount is left out of `convertedMinor`, never guessed).
 */
export const expenseMonthTotals = pgTable(
  'expense_month_totals',
  {
    organizationId: orgId(),
    month: date('month').notNull(),
    currency: text('currency').notNull(),
    /** Nil UUID for unmatched expenses (a key column cannot be null). */
    subscriptionId: uuid('subscription_id').notNull(),
    /** Nil UUID unless the expense has its own allocation. */
    expenseId: uuid('expense_id').notNull(),
    /** The expense's own category, department, payment method and vendor (migration 0026): nil UUID
     * or '' when it has none (its application's then count, at read time). */
    categoryId: uuid('category_id').notNull().default(NIL_UUID),
    department: text('department').notNull().default(''),
    paymentMethodId: uuid('payment_method_id').notNull().default(NIL_UUID),
    vendorId: uuid('vendor_id').notNull().default(NIL_UUID),
    count: bigint('count', { mode: 'number' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    convertedMinor: numeric('converted_minor', { precision: 30, scale: 6 }).notNull(),
    unconvertedCount: bigint('unconverted_count', { mode: 'number' }).notNull(),
    unconvertedMinor: bigint('unconverted_minor', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'expense_month_totals_pkey',
      columns: [
        t.organizationId,
        t.month,
        t.currency,
        t.subscriptionId,
        t.expenseId,
        t.categoryId,
        t.department,
        t.paymentMethodId,
        t.vendorId,
      ],
    }),
    // The few rows with charges that have no rate: read on every analytics request, never scanned for.
    index('expense_month_totals_unconverted_idx')
      .on(t.organizationId, t.month)
      .where(sql`${t.unconvertedCount} <> 0`),
  ],
);
