import { date, index, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { tenantTable } from './tenant';

export const notifications = tenantTable(
  'notifications',
  {
    type: text('type').notNull(), // overdue | due-soon | auto-renewal | contract-expiry | cost-alert | budget-alert | other
    title: text('title').notNull(),
    message: text('message').notNull(),
    priority: text('priority').notNull().default('medium'), // high | medium | low
    subscriptionId: uuid('subscription_id'),
    actionUrl: text('action_url'),
    actionText: text('action_text'),
    /** The deadline the alert counts down to (cancel-by, renewal, contract end); lists sort by it. */
    dueOn: date('due_on'),
    /** A reminder is created once per key (rule, record, offset). */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_org_idx').on(t.organizationId, t.dismissedAt, t.createdAt),
    uniqueIndex('notifications_dedupe_idx').on(t.organizationId, t.dedupeKey),
  ],
);
