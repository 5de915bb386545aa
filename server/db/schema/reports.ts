import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  ReportDeliveryStatus,
  ReportFrequency,
  ReportKey,
  ReportRecipients,
} from '../../../common/contracts/reports';
import { createdAt, timestamps } from './columns';
import { tenantReference, tenantTable } from './tenant';

// Reports and analytics (issue 20): scheduled report delivery, its history, and saved analytics views.

/** A report sent by e-mail every week, month (on day N) or quarter, as a PDF attachment. */
export const reportSchedules = tenantTable('report_schedules', {
  reportKey: text('report_key').$type<ReportKey>().notNull(),
  name: text('name').notNull(),
  frequency: text('frequency').$type<ReportFrequency>().notNull(),
  /** Weekly: ISO day of week, 1 = Monday … 7 = Sunday. */
  dayOfWeek: integer('day_of_week'),
  /** Monthly and quarterly: day of the month (1–28), in the period's first month for quarterly. */
  dayOfMonth: integer('day_of_month'),
  /** Members (user ids) and outside addresses. */
  recipients: jsonb('recipients').$type<ReportRecipients>().notNull(),
  /** Also attach the workbook (the PDF is always attached). */
  attachXlsx: boolean('attach_xlsx').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  createdBy: uuid('created_by'),
  ...timestamps(),
});

/**
 * One sending of a schedule for one period. The unique (schedule, period) row is the claim that
 * makes delivery exactly once however many servers run the job.
 */
export const reportDeliveries = tenantTable(
  'report_deliveries',
  {
    /** Null once the schedule is deleted: the history stays. */
    scheduleId: uuid('schedule_id'),
    reportKey: text('report_key').$type<ReportKey>().notNull(),
    /** '2026-W48', '2026-11' or '2026-Q4': the period the report covers. */
    periodKey: text('period_key').notNull(),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    status: text('status').$type<ReportDeliveryStatus>().notNull().default('sending'),
    recipients: jsonb('recipients').$type<string[]>().notNull().default([]),
    /** The PDF sent, in the file storage. */
    attachmentKey: text('attachment_key'),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Refreshed while 'sending': a sending whose heartbeat stopped lost its server, and is taken over. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  },
  (t) => [
    tenantReference('report_deliveries_schedule_fk', t, t.scheduleId, reportSchedules, 'clear'),
    uniqueIndex('report_deliveries_schedule_period_idx')
      .on(t.organizationId, t.scheduleId, t.periodKey)
      .where(sql`${t.scheduleId} is not null`),
    index('report_deliveries_org_created_idx').on(t.organizationId, t.createdAt),
    index('report_deliveries_sending_idx')
      .on(t.heartbeatAt)
      .where(sql`${t.status} = 'sending'`),
  ],
);

/** A saved analytics view (Scale): a name and the analytics page's query string. */
export const analyticsViews = tenantTable(
  'analytics_views',
  {
    name: text('name').notNull(),
    /** The analytics URL's search parameters, e.g. "groupBy=department&from=2026-01-01&to=2026-06-30". */
    query: text('query').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('analytics_views_org_name_idx').on(t.organizationId, sql`lower(${t.name})`)],
);

/**
 * Analytics' read model (issue 34): the organization's actual spend per month and resolved group
 * keys — the application, its category, department, vendor, payment method and owner (the expense's
 * own value first) and the allocation share's entity and brand (null without shares: the default's)
 * — already converted into the organization's currency. Built from expense_month_totals,
 * applications and allocation shares by analytics' queued job (cells.repo.ts); never read while
 * `analytics_spend_dirty` holds a row of the organization.
 */
export const analyticsSpendCells = tenantTable(
  'analytics_spend_cells',
  {
    month: date('month').notNull(),
    /** Nil UUID for unmatched charges (the incremental unit: cells are rebuilt per application). */
    subscriptionId: uuid('subscription_id').notNull(),
    categoryId: uuid('category_id'),
    department: text('department'),
    vendorId: uuid('vendor_id'),
    paymentMethodId: uuid('payment_method_id'),
    ownerUserId: uuid('owner_user_id'),
    entityId: uuid('entity_id'),
    brandId: uuid('brand_id'),
    /** Σ converted amount × the share's basis points (10,000 without shares): unrounded. */
    weightedMinor: numeric('weighted_minor').notNull(),
    /** Σ converted amount × 10,000 on one share row of each charge group (0 on its other shares). */
    wholeMinor: numeric('whole_minor').notNull(),
  },
  (t) => [
    index('analytics_spend_cells_org_month_idx').on(t.organizationId, t.month),
    index('analytics_spend_cells_org_subscription_idx').on(t.organizationId, t.subscriptionId),
  ],
);

/**
 * The cells summed per month and one dimension's key (issue 34): what a chart of one dimension
 * reads — a few rows per month instead of one per application. `dimension` is an analytics
 * dimension (`none` also answers entity and brand, by its entity and brand); `key` is the cells'
 * key as text ('' for none); entity and brand are the nil UUID without shares. `cells` counts the
 * cells summed (a row with none left is deleted). Kept by the same job, by adding and subtracting
 * the rebuilt applications' cells.
 */
export const analyticsSpendGroups = tenantTable(
  'analytics_spend_groups',
  {
    month: date('month').notNull(),
    dimension: text('dimension').notNull(),
    key: text('key').notNull(),
    entityId: uuid('entity_id').notNull(),
    brandId: uuid('brand_id').notNull(),
    weightedMinor: numeric('weighted_minor').notNull(),
    wholeMinor: numeric('whole_minor').notNull(),
    cells: integer('cells').notNull(),
  },
  (t) => [
    uniqueIndex('analytics_spend_groups_key_idx').on(
      t.organizationId,
      t.dimension,
      t.month,
      t.key,
      t.entityId,
      t.brandId,
    ),
    // Also analytics_spend_groups_read_idx (migration 0041: organization, dimension, entity, month,
    // INCLUDE the key and amounts), the index-only read of every one-dimension answer.
    // The rows a catch-up emptied (deleted right after): found without reading the organization's.
    index('analytics_spend_groups_emptied_idx')
      .on(t.organizationId)
      .where(sql`${t.cells} <= 0`),
  ],
);

/**
 * What analytics_spend_cells no longer reflects: one row per application whose spend, keys or
 * shares changed (written in the writer's transaction by triggers, migration 0036), or a null
 * application for the whole organization. The queued job takes the rows it rebuilt.
 */
export const analyticsSpendDirty = tenantTable('analytics_spend_dirty', {
  subscriptionId: uuid('subscription_id'),
  markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
});
