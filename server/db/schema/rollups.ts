import { bigint, boolean, date, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { MatchStatus } from '../../../common/contracts/expenses';
import { organizations } from './organizations';

// Per-organization rollups kept exact by statement-level triggers on the rolled-up tables
// (migration 0016_rollup_triggers.sql), so every write path — services, imports, bulk inserts,
// the demo generator, cascades — updates them in its own transaction. Never written by the app.

const orgId = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

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
