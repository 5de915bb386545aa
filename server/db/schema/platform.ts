import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** A file sent with an e-mail: read from the file storage when the message is delivered. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  storageKey: string;
}

/** Every e-mail the server sends, kept whether it went out over SMTP or was only logged. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Files in the file storage sent with the message (e.g. a scheduled report's PDF). */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    status: text('status').notNull().default('pending'), // pending | sent | failed | logged
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_status_idx').on(t.status, t.nextAttemptAt)],
);

/** Who did what to which record, and when. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id'),
    userId: uuid('user_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    changes: jsonb('changes').$type<Record<string, unknown>>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Set when an API key made the change: the call is attributed to the key (and its creator). */
    apiKeyId: uuid('api_key_id'),
    /** Work nobody clicked: which part of Stackwise did it (daily run, inbound mail, demo …). */
    systemActor: text('system_actor'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_org_action_idx').on(t.organizationId, t.action, t.createdAt),
    index('audit_events_org_entity_idx').on(t.organizationId, t.entityType, t.entityId),
    index('audit_events_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/**
 * Fixed-window counters of the rate limits (per IP and route, per e-mail address), shared by every
 * server on the database. A row whose window has passed starts over on the next hit.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] }), index('rate_limits_reset_idx').on(t.resetAt)],
);
