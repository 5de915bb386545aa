import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { organizationId } from './tenant';

/**
 * The transactional outbox: a write that other modules react to inserts its domain event here in
 * its own transaction; the relay hands each event to the job queue after commit.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    organizationId: organizationId(),
    id: uuid('id').notNull().defaultRandom(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the relay handed it to the queue; null while it waits. */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('domain_events_pending_idx')
      .on(t.occurredAt)
      .where(sql`dispatched_at is null`),
  ],
);

/** One row per (event, handler) that took effect: the idempotency key that makes a re-run a no-op. */
export const handledEvents = pgTable(
  'handled_events',
  {
    organizationId: organizationId(),
    eventId: uuid('event_id').notNull(),
    handler: text('handler').notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.eventId, t.handler] })],
);
