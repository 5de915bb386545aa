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
import type { AlertRules, DeliveryChannel, EmailMode } from '../../../common/alerts';
import type { Role } from '../../../common/roles';
import { users } from './auth';
import { createdAt, timestamps, updatedAt } from './columns';
import { notifications } from './notifications';
import { organizationId, tenantReference, tenantTable } from './tenant';

/** An organization's alert rules and channels; absent = the defaults of common/alerts.ts. */
export const notificationSettings = pgTable('notification_settings', {
  organizationId: organizationId().primaryKey(),
  rules: jsonb('rules').$type<AlertRules>().notNull(),
  emailEnabled: boolean('email_enabled').notNull().default(true),
  emailRoles: text('email_roles').array().$type<Role[]>().notNull(),
  emailApplicationOwner: boolean('email_application_owner').notNull().default(true),
  slackEnabled: boolean('slack_enabled').notNull().default(false),
  slackWebhookUrl: text('slack_webhook_url'),
  webhookEnabled: boolean('webhook_enabled').notNull().default(false),
  webhookUrl: text('webhook_url'),
  /** HMAC key for X-Stackwise-Signature; shown to the admin once, when generated. */
  webhookSecret: text('webhook_secret'),
  ...timestamps(),
});

/** How one member wants alert e-mails in one organization. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    organizationId: organizationId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emailMode: text('email_mode').$type<EmailMode>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] })],
);

/**
 * One notification sent over one channel to one target. Queued in the transaction that creates
 * the notification, sent right after, retried with back-off from the scheduler's tick.
 */
export const notificationDeliveries = tenantTable(
  'notification_deliveries',
  {
    notificationId: uuid('notification_id').notNull(),
    channel: text('channel').$type<DeliveryChannel>().notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** E-mail address or URL. */
    target: text('target').notNull(),
    status: text('status')
      .$type<'pending' | 'sending' | 'sent' | 'failed' | 'dead'>()
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    tenantReference('notification_deliveries_notification_fk', t, t.notificationId, notifications, 'cascade'),
    uniqueIndex('notification_deliveries_key_idx').on(
      t.organizationId,
      t.notificationId,
      t.channel,
      t.target,
    ),
    index('notification_deliveries_org_status_idx').on(t.organizationId, t.channel, t.status),
    index('notification_deliveries_due_idx').on(t.status, t.nextAttemptAt),
  ],
);
