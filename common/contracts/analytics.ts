// Analytics (Growth; advanced analytics on Scale): spend over time cut by any dimension, the
// forecast, movers and budget vs actual. Money is in minor units of the organization's currency,
// converted at each charge's date; charges with no rate are counted apart, never guessed.
import { z } from 'zod';
import { BUDGET_STATES } from '../budget-state';
import { MOVER_KINDS } from '../movers';
import { calendarDate, instant, type Wire } from './wire';

/** What spend can be grouped by. 'none' is the organization's total. */
export const ANALYTICS_DIMENSIONS = [
  'none',
  'category',
  'department',
  'vendor',
  'application',
  'paymentMethod',
  'owner',
  'entity',
  'brand',
] as const;
export type AnalyticsDimension = (typeof ANALYTICS_DIMENSIONS)[number];

export const ANALYTICS_DIMENSION_LABELS: Record<AnalyticsDimension, string> = {
  none: 'Total',
  category: 'Category',
  department: 'Department',
  vendor: 'Vendor',
  application: 'Application',
  paymentMethod: 'Payment method',
  owner: 'Owner',
  entity: 'Entity',
  brand: 'Brand',
};

/** Quarters and years follow the organization's fiscal year. */
export const ANALYTICS_INTERVALS = ['month', 'quarter', 'year'] as const;
export type AnalyticsInterval = (typeof ANALYTICS_INTERVALS)[number];

/**
 * The ranges every plan with analytics can pick; any other from/to is a custom range (Scale).
 * Each resolves against today and the organization's fiscal year start.
 */
export const ANALYTICS_PRESETS = [
  'last_12_months',
  'last_24_months',
  'this_fiscal_year',
  'last_fiscal_year',
  'this_quarter',
  'last_quarter',
] as const;
export type AnalyticsPreset = (typeof ANALYTICS_PRESETS)[number];

export const ANALYTICS_PRESET_LABELS: Record<AnalyticsPreset, string> = {
  last_12_months: 'Last 12 months',
  last_24_months: 'Last 24 months',
  this_fiscal_year: 'This fiscal year',
  last_fiscal_year: 'Last fiscal year',
  this_quarter: 'This quarter',
  last_quarter: 'Last quarter',
};

/** The longest range one request may cover. */
export const ANALYTICS_MAX_MONTHS = 60;

const range = {
  /** A preset (every plan) or from/to (a custom range: Scale unless it equals a preset's dates). */
  preset: z.enum(ANALYTICS_PRESETS).optional(),
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  entityId: z.uuid().optional(),
  brandId: z.uuid().optional(),
};

const ordered = (v: { from?: string; to?: string }) => !v.from || !v.to || v.from <= v.to;
const orderedMessage = { message: 'from must not be after to', path: ['from'] };

export const analyticsRangeQuery = z.object(range).refine(ordered, orderedMessage);
export type AnalyticsRangeQuery = z.input<typeof analyticsRangeQuery>;

export const analyticsSpendQuery = z
  .object({
    ...range,
    groupBy: z.enum(ANALYTICS_DIMENSIONS).default('none'),
    interval: z.enum(ANALYTICS_INTERVALS).default('month'),
    /** Series kept by total; the rest are summed into "Other". */
    top: z.coerce.number().int().min(1).max(50).default(8),
    /** Scale: a second period to compare with (period vs period). */
    compareFrom: calendarDate.optional(),
    compareTo: calendarDate.optional(),
  })
  .refine(ordered, orderedMessage)
  .refine((v) => !v.compareFrom === !v.compareTo, {
    message: 'Give both compareFrom and compareTo',
    path: ['compareFrom'],
  });
export type AnalyticsSpendQuery = z.input<typeof analyticsSpendQuery>;

const period = z.object({
  /** '2026-01', '2026-Q1' (fiscal quarter, named by the fiscal year it ends in: FY2026 Q1) or 'FY2026'. */
  key: z.string(),
  label: z.string(),
  start: calendarDate,
  end: calendarDate,
});

export const spendSeries = z.object({
  /** The group's id ('' for none: unassigned, no department…; 'other' for the rest). */
  key: z.string(),
  label: z.string(),
  totalMinor: z.number(),
  /** Actual spend (expenses) per period, in the order of `periods`. */
  actual: z.array(z.number()),
  /** Committed spend (the applications' cost spread over their billing cycle) per period; null when the dimension has none (payment method). */
  committed: z.array(z.number()).nullable(),
  /**
   * Ledger filters that show the charges behind this series (applied with the period's dates), e.g.
   * { categoryId: '…' } or { department: 'Engineering' }; null for 'other', {} for the total.
   * Keys: subscriptionId, categoryId, department, vendorId, paymentMethodId, ownerId, entityId,
   * brandId (an expense's own category/department/vendor/payment method wins over its
   * application's; ownerId is the application's owner; entity/brand by allocation share); for the
   * '' group: unmatched, noCategory, noDepartment, noVendor, noPaymentMethod, noOwner = 'true'.
   */
  drill: z.record(z.string(), z.string()).nullable(),
});

const unconverted = z.array(z.object({ currency: z.string(), amountMinor: z.number(), count: z.number() }));

const spendPeriodResult = z.object({
  from: calendarDate,
  to: calendarDate,
  periods: z.array(period),
  series: z.array(spendSeries),
  totals: z.object({
    actualMinor: z.number(),
    committedMinor: z.number(),
    /** Active people in the directory at the end of the range (null without a directory). */
    employees: z.number().nullable(),
    costPerEmployeeMinor: z.number().nullable(),
  }),
  /** Charges with no rate into the organization's currency: left out of the figures above. */
  unconverted,
});

export const analyticsSpendResponse = spendPeriodResult.extend({
  currency: z.string(),
  groupBy: z.enum(ANALYTICS_DIMENSIONS),
  interval: z.enum(ANALYTICS_INTERVALS),
  /** The comparison period (Scale), with the same groups. */
  compare: spendPeriodResult.nullable(),
});
export type AnalyticsSpendResponse = Wire<typeof analyticsSpendResponse>;

export const analyticsPivotQuery = z
  .object({
    ...range,
    rows: z.enum(ANALYTICS_DIMENSIONS),
    columns: z.enum(ANALYTICS_DIMENSIONS),
    top: z.coerce.number().int().min(1).max(100).default(25),
  })
  .refine(ordered, orderedMessage);
export type AnalyticsPivotQuery = z.input<typeof analyticsPivotQuery>;

const pivotHeader = z.object({
  key: z.string(),
  label: z.string(),
  drill: z.record(z.string(), z.string()).nullable(),
});

export const analyticsPivotResponse = z.object({
  currency: z.string(),
  from: calendarDate,
  to: calendarDate,
  rows: z.array(pivotHeader),
  columns: z.array(pivotHeader),
  /** cells[row][column], actual spend in minor units. */
  cells: z.array(z.array(z.number())),
  rowTotals: z.array(z.number()),
  columnTotals: z.array(z.number()),
  totalMinor: z.number(),
  unconverted,
});
export type AnalyticsPivotResponse = Wire<typeof analyticsPivotResponse>;

export const analyticsForecastQuery = z.object({
  months: z.coerce.number().int().min(1).max(24).default(12),
  entityId: z.uuid().optional(),
  brandId: z.uuid().optional(),
});

export const analyticsForecastResponse = z.object({
  currency: z.string(),
  /** How the forecast is made, in a sentence or two shown beside the chart. */
  method: z.string(),
  /** The months forecast: from the first day of the current month. */
  from: calendarDate,
  to: calendarDate,
  /** "Last 12 months" of actual spend (the 12 whole months before this one), for the chart's left side. */
  history: z.array(z.object({ month: z.string(), actualMinor: z.number() })),
  /** The current month first, then the months after it. */
  months: z.array(
    z.object({
      month: z.string(),
      /** Spend so far: the current month's actual spend (0 for the months after it). */
      actualMinor: z.number(),
      /** Renewals and recurring charges of active applications still due in the month (from today on). */
      committedMinor: z.number(),
      /** The trend of unmatched and variable spend (expenses not covered by a commitment). */
      trendMinor: z.number(),
      forecastMinor: z.number(),
    }),
  ),
  totalMinor: z.number(),
});
export type AnalyticsForecastResponse = Wire<typeof analyticsForecastResponse>;

export const analyticsMoversResponse = z.object({
  currency: z.string(),
  from: calendarDate,
  to: calendarDate,
  /** The period of equal length just before. */
  previousFrom: calendarDate,
  previousTo: calendarDate,
  increases: z.array(
    z.object({
      subscriptionId: z.string().nullable(),
      name: z.string(),
      previousMinor: z.number(),
      currentMinor: z.number(),
      changeMinor: z.number(),
      /** 'new': no spend in the period before; 'stopped': none in this one (common/movers.ts). */
      kind: z.enum(MOVER_KINDS),
      /** Null unless kind is 'change' (spend in both periods). */
      changePercent: z.number().nullable(),
    }),
  ),
  decreases: z.array(
    z.object({
      subscriptionId: z.string().nullable(),
      name: z.string(),
      previousMinor: z.number(),
      currentMinor: z.number(),
      changeMinor: z.number(),
      kind: z.enum(MOVER_KINDS),
      changePercent: z.number().nullable(),
    }),
  ),
});
export type AnalyticsMoversResponse = Wire<typeof analyticsMoversResponse>;

export const analyticsBudgetsResponse = z.object({
  currency: z.string(),
  from: calendarDate,
  to: calendarDate,
  budgets: z.array(
    z.object({
      budgetId: z.string(),
      name: z.string(),
      /** e.g. "Department: Engineering", "Whole organization". */
      scope: z.string(),
      /** The budget's own currency: its amount and actual spend are in it (not the organization's). */
      currency: z.string(),
      /** The budget's amount for the part of its periods inside the range. */
      budgetMinor: z.number(),
      actualMinor: z.number(),
      /** actual ÷ budget in percent. */
      percent: z.number().nullable(),
      /** common/budget-state.ts, over the range (forecast = actual). */
      status: z.enum(BUDGET_STATES),
    }),
  ),
});
export type AnalyticsBudgetsResponse = Wire<typeof analyticsBudgetsResponse>;

// Saved views (Scale).
export const createAnalyticsViewBody = z.object({
  name: z.string().trim().min(1, 'Please enter a name').max(120),
  /** The analytics page's search parameters. */
  query: z.string().max(2000),
});
export const analyticsViewResponse = z.object({
  id: z.string(),
  name: z.string(),
  query: z.string(),
  createdAt: instant,
});
export type AnalyticsView = Wire<typeof analyticsViewResponse>;
