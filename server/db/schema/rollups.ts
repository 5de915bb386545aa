import type { BillingCycle } from '../../../common/billing';
import { bigint, boolean, date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { MatchStatus } from '../../../common/contracts/expenses';
import { organizations } from './organizations';

// Per-organization rollups kept exact by statement-level triggers on the rolled-up tables
// (migrations 0016_rollup_triggers.sql and 0017_renewal_calendar.sql), so every write path —
// services, imports, bulk inserts, the demo generator, cascades — updates them in its own
// transaction. Never written by the app.

const orgId = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/**
 * A counter every write statement on an organization's applications bumps (migration 0018). Read with
 * the session in the guard's one query, it keys caches of figures derived from applications (the
 * dashboard summary), so a write shows at once on every server. No row reads as version 0.
 */
export const subscriptionVersions = pgTable('subscription_versions', {
  organizationId: orgId().primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** Count and spend of applications per currency, status and archived flag (list and dashboard totals). */
export const subscriptionTotals = pgTable(
  'subscription_totals',
  {
    organizationId: orgId(),
    currency: text('currency').notNull(),
    status: text('status').$type<'active' | 'trial' | 'paused' | 'cancelled'>().notNull(),
    archived: boolean('archived').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    monthlyMinor: bigint('monthly_minor', { mode: 'number' }).notNull(),
    annualMinor: bigint('annual_minor', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.currency, t.status, t.archived] })],
);

/** Count and sum of expenses per day, currency and match status (ledger totals over any date range). */
export const expenseDayTotals = pgTable(
  'expense_day_totals',
  {
    organizationId: orgId(),
    date: date('date').notNull(),
    currency: text('currency').notNull(),
    matchStatus: text('match_status').$type<MatchStatus>().notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.date, t.currency, t.matchStatus] })],
);

/**
 * Live active or trial applications by next renewal date and what decides how often they charge in a
 * window starting that day (dashboard: renewals in the next 30 days and what they charge, read from
 * at most 30 days of rows whatever the organization's size). `intervalMonths` is 0 unless the cycle is
 * multi-year (the only cycle it applies to); `anchorDay` is chargeAnchorDay (common/charge-schedule.ts);
 * `chargesFrom` is the later of the renewal and start dates (no charge before the start).
 */
export const renewalCalendar = pgTable(
  'renewal_calendar',
  {
    organizationId: orgId(),
    renewalDate: date('renewal_date').notNull(),
    currency: text('currency').notNull(),
    billingCycle: text('billing_cycle').$type<BillingCycle>().notNull(),
    intervalMonths: integer('interval_months').notNull(),
    anchorDay: integer('anchor_day').notNull(),
    chargesFrom: date('charges_from').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    /** Sum of the cost of one cycle (cycleCostOf: 0 when the pricing is incomplete). */
    cycleCostMinor: bigint('cycle_cost_minor', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'renewal_calendar_pk',
      columns: [
        t.organizationId,
        t.renewalDate,
        t.currency,
        t.billingCycle,
        t.intervalMonths,
        t.anchorDay,
        t.chargesFrom,
      ],
    }),
  ],
);
