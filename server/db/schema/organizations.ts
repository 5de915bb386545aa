import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ReportBranding } from '../../../common/contracts/reports';
import type { SetupProgress } from '../../../common/onboarding';
import type { AccountStatus, PlanId } from '../../../common/plans';
import type { Role } from '../../../common/roles';
import { users } from './auth';
import { createdAt, timestamps } from './columns';

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  currency: text('currency').notNull().default('USD'),
  fiscalYearStartMonth: integer('fiscal_year_start_month').notNull().default(1),
  companySize: text('company_size'),
  subscriptionPlan: text('subscription_plan').$type<PlanId>().notNull().default('starter'),
  accountStatus: text('account_status').$type<AccountStatus>().notNull().default('active'),
  trialPlan: text('trial_plan').$type<PlanId>(),
  trialStartedAt: timestamp('trial_started_at', { withTimezone: true }),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  graceEndsAt: timestamp('grace_ends_at', { withTimezone: true }),
  /** Set when the "trial ends in 3 days" e-mail went out, so it goes out once. */
  trialReminderSentAt: timestamp('trial_reminder_sent_at', { withTimezone: true }),
  hasPaymentMethod: boolean('has_payment_method').notNull().default(false),
  autoRenewTrial: boolean('auto_renew_trial').notNull().default(false),
  stripeCustomerId: text('stripe_customer_id'),
  stripeSubscriptionId: text('stripe_subscription_id'),
  /** Secret of the invoice-forwarding address (invoices+<token>@INBOUND_DOMAIN); regenerable. */
  inboundEmailToken: text('inbound_email_token').unique('organizations_inbound_email_token_key'),
  /** Secret of the renewals iCal feed URL; regenerable, so a leaked link can be revoked. */
  icalToken: text('ical_token').unique('organizations_ical_token_key'),
  setupProgress: jsonb('setup_progress').$type<SetupProgress>().notNull().default({}),
  /** A license seat with no activity in this many days counts as inactive (30, 60 or 90). */
  licenseInactivityDays: integer('license_inactivity_days').notNull().default(30),
  /** Branded reports (Scale): logo (file storage key), colours and the name printed on reports. */
  reportBranding: jsonb('report_branding').$type<ReportBranding>(),
  /** How long the audit log keeps events, in days (0 keeps everything). */
  auditRetentionDays: integer('audit_retention_days').notNull().default(365),
  ...timestamps(),
});

export const memberships = pgTable(
  'memberships',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<Role>().notNull().default('member'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] }), index('memberships_user_idx').on(t.userId)],
);

// A session belongs to a user and remembers the organization they last worked in.
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currentOrganizationId: uuid('current_organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);
