import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * Every Stripe webhook event already applied, by its event id: Stripe delivers at least once
 * and replays on failure, so a second delivery of the same event changes nothing.
 */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** The organization the event was applied to; null when it matched none. */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stripe_events_org_idx').on(t.organizationId, t.processedAt)],
);
