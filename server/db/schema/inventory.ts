import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BillingCycle } from '../../../common/billing';
import { users } from './auth';
import { createdAt, timestamps } from './columns';
import { tenantReference, tenantTable } from './tenant';

export const vendors = tenantTable(
  'vendors',
  {
    name: text('name').notNull(),
    website: text('website'),
    domain: text('domain'),
    accountManagerName: text('account_manager_name'),
    accountManagerEmail: text('account_manager_email'),
    accountManagerPhone: text('account_manager_phone'),
    supportEmail: text('support_email'),
    supportUrl: text('support_url'),
    notes: text('notes'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('vendors_org_name_idx').on(t.organizationId, sql`lower(${t.name})`)],
);

/** The organization's own lists: categories, tags, payment methods, use cases, projects. */
export const settingsItems = tenantTable(
  'settings_items',
  {
    kind: text('kind')
      .$type<'categories' | 'tags' | 'payment-methods' | 'use-cases' | 'projects'>()
      .notNull(),
    name: text('name').notNull(),
    color: text('color'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('settings_items_org_kind_name_idx').on(t.organizationId, t.kind, sql`lower(${t.name})`),
  ],
);

/** An application the organization pays for ("Application" in the UI). */
export const subscriptions = tenantTable(
  'subscriptions',
  {
    name: text('name').notNull(),
    vendorId: uuid('vendor_id'),
    catalogSlug: text('catalog_slug'),
    description: text('description'),
    categoryId: uuid('category_id'),
    tagIds: uuid('tag_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    useCaseIds: uuid('use_case_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    projectIds: uuid('project_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    paymentMethodId: uuid('payment_method_id'),
    status: text('status').$type<'active' | 'trial' | 'paused' | 'cancelled'>().notNull().default('active'),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    department: text('department'),
    billingCycle: text('billing_cycle').$type<BillingCycle>().notNull().default('monthly'),
    /** Months per term for multi-year cycles. */
    intervalMonths: integer('interval_months'),
    pricingModel: text('pricing_model').$type<'flat' | 'per-seat' | 'usage'>().notNull().default('flat'),
    /** Cost per billing cycle in minor units (flat and usage); per-seat uses seats × unit price. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull().default(0),
    /** Derived on every write (monthlyEquivalentMinor / annualisedMinor) so SQL can sort and sum. */
    monthlyCostMinor: bigint('monthly_cost_minor', { mode: 'number' }).notNull().default(0),
    annualCostMinor: bigint('annual_cost_minor', { mode: 'number' }).notNull().default(0),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }),
    seats: integer('seats'),
    currency: text('currency').notNull().default('USD'),
    startDate: date('start_date'),
    /** The commitment in months from the start date, whatever the billing cycle (monthly on a 12-month contract). */
    contractTermMonths: integer('contract_term_months'),
    nextRenewalDate: date('next_renewal_date'),
    /**
     * The day it was cancelled: set to today when the status becomes cancelled (unless given), null
     * while it is not cancelled. Charges dated after it are "charged after cancellation".
     */
    cancelledOn: date('cancelled_on'),
    autoRenew: boolean('auto_renew').notNull().default(true),
    noticePeriodDays: integer('notice_period_days').notNull().default(0),
    url: text('url'),
    notes: text('notes'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** The CSV or Wallos import that created it: its activity and first price come from there. */
    importId: uuid('import_id'),
    createdBy: uuid('created_by'),
    ...timestamps(),
  },
  (t) => [
    tenantReference('subscriptions_vendor_fk', t, t.vendorId, vendors, 'clear'),
    tenantReference('subscriptions_category_fk', t, t.categoryId, settingsItems, 'clear'),
    tenantReference('subscriptions_payment_method_fk', t, t.paymentMethodId, settingsItems, 'clear'),
    tenantReference('subscriptions_import_fk', t, t.importId, imports, 'clear'),
    // Live applications, one index per list sort ending in id: a page is read in order, not sorted.
    // Partial (archived_at is null) because IS NULL does not let the planner use the order after it.
    index('subscriptions_org_name_idx')
      .on(t.organizationId, sql`lower(${t.name})`, t.id)
      .where(sql`${t.archivedAt} is null`),
    index('subscriptions_org_monthly_idx')
      .on(t.organizationId, t.monthlyCostMinor, t.id)
      .where(sql`${t.archivedAt} is null`),
    index('subscriptions_org_created_idx')
      .on(t.organizationId, t.createdAt, t.id)
      .where(sql`${t.archivedAt} is null`),
    index('subscriptions_org_renewal_idx')
      .on(t.organizationId, t.nextRenewalDate, t.id)
      .where(sql`${t.archivedAt} is null`),
    // The dashboard's next renewals: live renewing applications in (date, name) order, read five at a time.
    index('subscriptions_org_upcoming_idx')
      .on(t.organizationId, t.nextRenewalDate, t.name, t.id)
      .where(sql`${t.archivedAt} is null and ${t.status} in ('active', 'trial')`),
    index('subscriptions_org_vendor_idx').on(t.organizationId, t.vendorId),
    index('subscriptions_org_category_idx').on(t.organizationId, t.categoryId),
    index('subscriptions_org_owner_idx').on(t.organizationId, t.ownerUserId),
  ],
);

/** The price terms of an application at a point in time (price history keeps a before and after). */
export interface PriceTerms {
  pricingModel: 'flat' | 'per-seat' | 'usage';
  billingCycle: BillingCycle;
  intervalMonths: number | null;
  amountMinor: number;
  seats: number | null;
  unitPriceMinor: number | null;
  currency: string;
  monthlyMinor: number;
}

/** Every change of an application's amount, seats, unit price, cycle or currency, and its first price. */
export const subscriptionPriceChanges = tenantTable(
  'subscription_price_changes',
  {
    subscriptionId: uuid('subscription_id').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    effectiveDate: date('effective_date').notNull(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    /** create | update | import | wallos | demo | charge */
    source: text('source').notNull(),
    fields: text('fields').array().notNull(),
    previous: jsonb('previous').$type<PriceTerms>(),
    current: jsonb('current').$type<PriceTerms>().notNull(),
    /** The matched charge (expense) whose amount showed the change (source `charge`); one row per charge. */
    sourceExpenseId: uuid('source_expense_id'),
  },
  (t) => [
    tenantReference(
      'subscription_price_changes_subscription_fk',
      t,
      t.subscriptionId,
      subscriptions,
      'cascade',
    ),
    index('subscription_price_changes_org_sub_idx').on(t.organizationId, t.subscriptionId, t.changedAt),
    uniqueIndex('subscription_price_changes_org_expense_idx')
      .on(t.organizationId, t.sourceExpenseId)
      .where(sql`${t.sourceExpenseId} is not null`),
  ],
);

/** An uploaded import (CSV or Wallos JSON) between preview and commit, then its outcome. */
export const imports = tenantTable(
  'imports',
  {
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'csv' | 'wallos'>().notNull(),
    filename: text('filename'),
    /** The uploaded text; cleared once committed. */
    content: text('content'),
    status: text('status').$type<'previewed' | 'committed' | 'failed'>().notNull().default('previewed'),
    totalRows: integer('total_rows').notNull().default(0),
    importedCount: integer('imported_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    committedAt: timestamp('committed_at', { withTimezone: true }),
  },
  (t) => [index('imports_org_created_idx').on(t.organizationId, t.createdAt)],
);
