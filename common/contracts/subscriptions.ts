// Applications ("subscriptions" in the API): request bodies, list query and response shapes, shared
// by the server routes and the client forms. Money is integer minor units; dates are 'YYYY-MM-DD'.
import { z } from 'zod';
import { BILLING_CYCLES, PRICING_MODELS, RENEWAL_URGENCIES } from '../billing';
import { allocationFilterQuery } from './entities';
import { currencyCode } from './organizations';
import { convertedSpend } from './fx-rates';
import { calendarDate, instant, type Wire } from './wire';

export const SUBSCRIPTION_STATUSES = ['active', 'trial', 'paused', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const SUBSCRIPTION_SORTS = [
  'name',
  'vendor',
  'status',
  'monthlyCost',
  'renewalDate',
  'createdAt',
] as const;
export type SubscriptionSort = (typeof SUBSCRIPTION_SORTS)[number];

const MAX_MINOR = 1_000_000_000_000; // 10 billion in major units: far above any real subscription.
const minor = (label: string) =>
  z
    .number({ error: `${label} must be a number in minor units (cents)` })
    .int(`${label} must be a whole number of minor units (cents)`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_MINOR, `${label} is too large`);

const optionalText = (max: number) =>
  z.string().trim().max(max, `At most ${max} characters`).nullable().optional();
const idList = z.array(z.uuid()).max(100, 'At most 100 items');

/** Fields an application can be created or edited with (every one optional except name on create). */
const subscriptionFields = {
  name: z.string().trim().min(1, 'Name is required').max(200, 'At most 200 characters'),
  /** An existing vendor of this organization… */
  vendorId: z.uuid().nullable().optional(),
  /** …or a vendor name: found case-insensitively or created. Ignored when vendorId is given. */
  vendorName: optionalText(200),
  /** Creating from the catalogue pre-fills vendor, category, logo and a list price. */
  catalogSlug: z.string().trim().max(100).nullable().optional(),
  description: optionalText(2000),
  categoryId: z.uuid().nullable().optional(),
  tagIds: idList.optional(),
  useCaseIds: idList.optional(),
  projectIds: idList.optional(),
  paymentMethodId: z.uuid().nullable().optional(),
  status: z
    .enum(SUBSCRIPTION_STATUSES, { error: `Use one of: ${SUBSCRIPTION_STATUSES.join(', ')}` })
    .optional(),
  /** A user of this organization (any role). */
  ownerUserId: z.uuid().nullable().optional(),
  department: optionalText(100),
  billingCycle: z.enum(BILLING_CYCLES, { error: `Use one of: ${BILLING_CYCLES.join(', ')}` }).optional(),
  /** Months per term, multi-year only: a multiple of 12, at least 24. */
  intervalMonths: z.number().int('Whole months').min(24, 'At least 24 months').max(120).nullable().optional(),
  pricingModel: z.enum(PRICING_MODELS, { error: `Use one of: ${PRICING_MODELS.join(', ')}` }).optional(),
  /** Cost per billing cycle (flat; estimate for usage). For per-seat it is derived: seats × unit price. */
  amountMinor: minor('Amount').optional(),
  unitPriceMinor: minor('Unit price').nullable().optional(),
  seats: z
    .number()
    .int('Seats must be a whole number')
    .min(0, 'Seats cannot be negative')
    .max(10_000_000)
    .nullable()
    .optional(),
  /** Defaults to the organization's currency. */
  currency: currencyCode.optional(),
  startDate: calendarDate.nullable().optional(),
  /** The commitment from the start date, whatever the billing cycle (e.g. billed monthly on 12 months). */
  contractTermMonths: z
    .number({ error: 'Enter the term in whole months, e.g. 12' })
    .int('Whole months')
    .min(1, 'At least 1 month')
    .max(120, 'At most 120 months')
    .nullable()
    .optional(),
  /** Given: kept. Else counted from startDate by the cycle; with no start date, one cycle after today. */
  nextRenewalDate: calendarDate.nullable().optional(),
  /**
   * Cancelled applications only, not in the future: the day it was cancelled. Omitted: today when the
   * status becomes cancelled, else unchanged; cleared when the status leaves cancelled.
   */
  cancelledOn: calendarDate.nullable().optional(),
  autoRenew: z.boolean().optional(),
  noticePeriodDays: z.number().int('Whole days').min(0, 'Cannot be negative').max(3650).optional(),
  url: z
    .url({ protocol: /^https?$/, error: 'Enter a full URL, e.g. https://example.com' })
    .max(2000)
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  notes: optionalText(10_000),
};

export interface PricingRuleInput {
  pricingModel?: string | null;
  billingCycle?: string | null;
  intervalMonths?: number | null;
  seats?: number | null;
  unitPriceMinor?: number | null;
}

/** Cross-field rules, checked on create and on the merged record of an edit; [] when fine. */
export function pricingRuleIssues(v: PricingRuleInput): Array<{ field: string; message: string }> {
  const issues: Array<{ field: string; message: string }> = [];
  if (v.pricingModel === 'per-seat') {
    if (v.seats === null || v.seats === undefined)
      issues.push({ field: 'seats', message: 'Per-seat pricing needs a number of seats' });
    if (v.unitPriceMinor === null || v.unitPriceMinor === undefined)
      issues.push({ field: 'unitPriceMinor', message: 'Per-seat pricing needs a price per seat' });
  }
  if (v.billingCycle === 'multi-year') {
    if (v.intervalMonths === null || v.intervalMonths === undefined)
      issues.push({
        field: 'intervalMonths',
        message: 'A multi-year cycle needs its term in months (24, 36, …)',
      });
    else if (v.intervalMonths % 12 !== 0)
      issues.push({
        field: 'intervalMonths',
        message: 'A multi-year term must be whole years (a multiple of 12 months)',
      });
  }
  return issues;
}

export const createSubscriptionBody = z.object(subscriptionFields).superRefine((value, ctx) => {
  // From the catalogue the server fills a missing seat count (1) and price per seat (list price).
  const checked = value.catalogSlug
    ? { ...value, seats: value.seats ?? 1, unitPriceMinor: value.unitPriceMinor ?? 0 }
    : value;
  for (const issue of pricingRuleIssues(checked))
    ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
});
export type CreateSubscriptionBody = z.input<typeof createSubscriptionBody>;

/** Every field optional; the pricing rules are checked on the merged record by the server. */
export const updateSubscriptionBody = z
  .object({ ...subscriptionFields, name: subscriptionFields.name.optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change' });
export type UpdateSubscriptionBody = z.input<typeof updateSubscriptionBody>;

const booleanString = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Filters shared by the list and the CSV/XLSX export. */
export const subscriptionFilterQuery = z.object({
  /** Search text: name, vendor, department, notes (case-insensitive substring). */
  q: z.string().trim().max(200).optional(),
  status: z.enum(SUBSCRIPTION_STATUSES).optional(),
  categoryId: z.uuid().optional(),
  tagId: z.uuid().optional(),
  ownerUserId: z.uuid().optional(),
  department: z.string().trim().max(100).optional(),
  vendorId: z.uuid().optional(),
  paymentMethodId: z.uuid().optional(),
  /** Next renewal between today and today + N days. */
  renewalWithinDays: z.coerce.number().int().min(0).max(3650).optional(),
  autoRenew: booleanString.optional(),
  /** false (default): live applications; true: archived only; all: both. */
  archived: z.enum(['false', 'true', 'all']).default('false'),
  sort: z.enum(SUBSCRIPTION_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  ...allocationFilterQuery.shape,
});

export const listSubscriptionsQuery = subscriptionFilterQuery.extend({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
});
export type ListSubscriptionsQuery = z.input<typeof listSubscriptionsQuery>;

export const exportSubscriptionsQuery = subscriptionFilterQuery.extend({
  format: z.enum(['csv', 'xlsx']).default('csv'),
});

/** GET /api/export: everything as JSON (default) or as one workbook with a sheet per table. */
export const exportAllDataQuery = z.object({ format: z.enum(['json', 'xlsx']).default('json') });

export const subscriptionResponse = z.object({
  id: z.string(),
  name: z.string(),
  vendorId: z.string().nullable(),
  vendorName: z.string().nullable(),
  catalogSlug: z.string().nullable(),
  /** Brand logo (SVG) when the catalogue has one; else the UI shows a lettered avatar. */
  logoUrl: z.string().nullable(),
  description: z.string().nullable(),
  categoryId: z.string().nullable(),
  categoryName: z.string().nullable(),
  tagIds: z.array(z.string()),
  /** Names of tagIds, in the same order. */
  tagNames: z.array(z.string()),
  useCaseIds: z.array(z.string()),
  projectIds: z.array(z.string()),
  paymentMethodId: z.string().nullable(),
  paymentMethodName: z.string().nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  ownerUserId: z.string().nullable(),
  ownerName: z.string().nullable(),
  ownerEmail: z.string().nullable(),
  department: z.string().nullable(),
  billingCycle: z.enum(BILLING_CYCLES),
  intervalMonths: z.number().nullable(),
  pricingModel: z.enum(PRICING_MODELS),
  /** Cost per cycle as stored (per-seat: seats × unit price). */
  amountMinor: z.number(),
  unitPriceMinor: z.number().nullable(),
  seats: z.number().nullable(),
  currency: z.string(),
  costPerCycleMinor: z.number(),
  monthlyMinor: z.number(),
  annualMinor: z.number(),
  startDate: calendarDate.nullable(),
  contractTermMonths: z.number().nullable(),
  /** Last day of the contract term running today (terms follow one another while it auto-renews); null without a start date and term. */
  termEndDate: calendarDate.nullable(),
  nextRenewalDate: calendarDate.nullable(),
  /** Renewal date − notice period days. */
  cancelByDate: calendarDate.nullable(),
  /** Negative when the renewal has passed. */
  daysUntilRenewal: z.number().nullable(),
  renewalUrgency: z.enum(RENEWAL_URGENCIES).nullable(),
  /** The day it was cancelled; null unless cancelled. */
  cancelledOn: calendarDate.nullable(),
  autoRenew: z.boolean(),
  noticePeriodDays: z.number(),
  url: z.string().nullable(),
  notes: z.string().nullable(),
  archivedAt: instant.nullable(),
  createdAt: instant,
  updatedAt: instant,
});
export type Subscription = Wire<typeof subscriptionResponse>;

const currencyTotals = z.object({
  currency: z.string(),
  count: z.number(),
  monthlyMinor: z.number(),
  annualMinor: z.number(),
});

export const subscriptionListResponse = z.object({
  items: z.array(subscriptionResponse),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /**
   * For the whole filtered set. count = matching applications; spend sums active and trial ones in
   * the organization's currency alone (monthlyMinor, annualMinor) and with every other currency
   * converted at today's rate (converted; amounts with no rate listed apart); byCurrency has every
   * currency separately.
   */
  totals: z.object({
    count: z.number(),
    monthlyMinor: z.number(),
    annualMinor: z.number(),
    currency: z.string(),
    converted: convertedSpend,
    byCurrency: z.array(currencyTotals),
  }),
});
export type SubscriptionList = Wire<typeof subscriptionListResponse>;

export const bulkUpdateSubscriptionsBody = z.object({
  ids: z.array(z.uuid()).min(1, 'Select at least one application').max(1000, 'At most 1000 at a time'),
  set: z
    .object({
      ownerUserId: z.uuid().nullable().optional(),
      categoryId: z.uuid().nullable().optional(),
      /** Replaces the tags. */
      tagIds: idList.optional(),
      /** Adds to / removes from the existing tags (ignored when tagIds is given). */
      addTagIds: idList.optional(),
      removeTagIds: idList.optional(),
      status: z.enum(SUBSCRIPTION_STATUSES).optional(),
      department: optionalText(100),
    })
    .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change' }),
});
export type BulkUpdateSubscriptionsBody = z.input<typeof bulkUpdateSubscriptionsBody>;

export const bulkIdsBody = z.object({
  ids: z.array(z.uuid()).min(1, 'Select at least one application').max(1000, 'At most 1000 at a time'),
});
export const bulkResultResponse = z.object({ updated: z.number() });
export type BulkResult = Wire<typeof bulkResultResponse>;

/** The price terms of an application at one moment (price history entries hold two). */
export const priceSnapshot = z.object({
  pricingModel: z.enum(PRICING_MODELS),
  billingCycle: z.enum(BILLING_CYCLES),
  intervalMonths: z.number().nullable(),
  amountMinor: z.number(),
  seats: z.number().nullable(),
  unitPriceMinor: z.number().nullable(),
  currency: z.string(),
  monthlyMinor: z.number(),
});

export const priceChangeResponse = z.object({
  id: z.string(),
  /** The calendar day of the change (organization's view). */
  effectiveDate: calendarDate,
  changedAt: instant,
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  /** null for the first price, recorded when the application was created. */
  from: priceSnapshot.nullable(),
  to: priceSnapshot,
  /** Which price fields changed (amountMinor, seats, unitPriceMinor, billingCycle, …). */
  fields: z.array(z.string()),
  /** create | update | import | wallos | demo | charge (a matched charge showed it). */
  source: z.string(),
  /** The charge (expense) that showed the change, for source `charge`; else null. */
  sourceExpenseId: z.string().nullable(),
});
export type PriceChange = Wire<typeof priceChangeResponse>;

export const activityEventResponse = z.object({
  id: z.string(),
  action: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()).nullable(),
  createdAt: instant,
});
export type ActivityEvent = Wire<typeof activityEventResponse>;

export const idParams = z.object({ id: z.uuid() });
