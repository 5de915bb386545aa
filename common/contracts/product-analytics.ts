// Product analytics (Growth): adoption and usage of paid applications from license seats, their
// last activity (usage imports, attestations, manual entries) and people's departments.
import { z } from 'zod';
import { allocationFilterQuery } from './entities';
import { type Wire } from './wire';

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month like 2026-01');

/** At most this many months in one active-users request (two years and a bit). */
export const MAX_ACTIVE_USER_MONTHS = 36;

export const productAnalyticsQuery = allocationFilterQuery;
export type ProductAnalyticsQuery = z.infer<typeof productAnalyticsQuery>;

const ratio = z.number().nullable();

export const productApplication = z.object({
  subscriptionId: z.string(),
  name: z.string(),
  /** Seats paid for; null when any tier is unlimited (billed per assigned person). */
  purchased: z.number().nullable(),
  assigned: z.number(),
  /** Active users: distinct holders seen within the organization's activity window (licenses' active-users.ts). */
  active: z.number(),
  /** Active ÷ assigned, whole percent; null with no holders. */
  activePct: ratio,
  /** Assigned ÷ purchased, whole percent; null for unlimited tiers. */
  assignedPct: ratio,
  /** Active ÷ seats paid for (assigned ones when unlimited): what ranks least and most used. */
  usagePct: ratio,
  /** In the organization's currency; null when a rate is missing. */
  monthlyCostMinor: z.number().nullable(),
  costPerActiveMinor: z.number().nullable(),
  /** Monthly cost of seats nobody holds plus seats whose holders are inactive (licenses' unusedSeatCost). */
  unusedCostMinor: z.number().nullable(),
  /** Some open seat has a recorded activity date; false = active users unknown, not zero. */
  hasUsageData: z.boolean(),
  /** More holders than seats purchased, over all its tiers (0 when none is over-assigned). */
  overAssignedBy: z.number(),
});
export type ProductApplication = Wire<typeof productApplication>;

const ranked = z.object({ subscriptionId: z.string(), name: z.string(), usagePct: z.number() });

export const noUsageApplication = z.object({
  subscriptionId: z.string(),
  name: z.string(),
  assigned: z.number(),
  /** What to export and import to learn who uses it. */
  hint: z.string(),
});

export const productOverviewResponse = z.object({
  currency: z.string(),
  inactivityDays: z.number(),
  applications: z.array(productApplication),
  totals: z.object({
    /** Seats paid for, unlimited tiers counted by their holders. */
    purchased: z.number(),
    assigned: z.number(),
    active: z.number(),
    activePct: ratio,
    assignedPct: ratio,
    usagePct: ratio,
    monthlyCostMinor: z.number(),
    unusedCostMinor: z.number(),
    costPerActiveMinor: z.number().nullable(),
  }),
  leastUsed: z.array(ranked),
  mostUsed: z.array(ranked),
  noUsageData: z.array(noUsageApplication),
  /** Currencies without a rate to the organization's currency: their costs are left out of totals. */
  unconvertedCurrencies: z.array(z.string()),
});
export type ProductOverview = Wire<typeof productOverviewResponse>;

export const ACTIVE_USER_INTERVALS = ['month'] as const;

export const activeUsersQuery = allocationFilterQuery
  .extend({
    from: month.optional(),
    to: month.optional(),
    interval: z.enum(ACTIVE_USER_INTERVALS, { error: 'Only month is supported' }).default('month'),
    subscriptionId: z.uuid().optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'from must not be after to', path: ['from'] })
  .refine((v) => !v.from || !v.to || monthSpan(v.from, v.to) <= MAX_ACTIVE_USER_MONTHS, {
    message: `At most ${MAX_ACTIVE_USER_MONTHS} months`,
    path: ['to'],
  });
export type ActiveUsersQuery = z.input<typeof activeUsersQuery>;

/** Months from `from` to `to` inclusive ('YYYY-MM'). */
export function monthSpan(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm) + 1;
}

/**
 * One month of seat holders. Only each seat's latest activity is stored, so a holder last seen
 * after the month may or may not have used it then: `unknown`, never counted as inactive.
 */
export const activeUsersPoint = z.object({
  month: z.string(),
  /** Distinct people last seen in that month. */
  active: z.number(),
  /** Distinct holders last seen before the month (or never, where the application has usage data). */
  inactive: z.number(),
  /** Holders whose activity that month the data cannot tell. */
  unknown: z.number(),
});

export const activeUsersSeries = z.object({
  /** null = all applications together (distinct people). */
  subscriptionId: z.string().nullable(),
  name: z.string(),
  points: z.array(activeUsersPoint),
});

export const activeUsersResponse = z.object({
  from: z.string(),
  to: z.string(),
  interval: z.enum(ACTIVE_USER_INTERVALS),
  series: z.array(activeUsersSeries),
  /** The first month with any recorded activity; months before it are unknown, not zero. */
  firstActivityMonth: z.string().nullable(),
});
export type ActiveUsers = Wire<typeof activeUsersResponse>;

export const ADOPTION_GROUPS = ['department'] as const;
export const adoptionQuery = allocationFilterQuery.extend({
  groupBy: z.enum(ADOPTION_GROUPS, { error: 'Group by department' }).default('department'),
});

const adoptionCell = z.object({
  subscriptionId: z.string(),
  holders: z.number(),
  active: z.number(),
  /** Active holders ÷ the group's people, whole percent. */
  adoptionPct: ratio,
});

export const adoptionResponse = z.object({
  groupBy: z.enum(ADOPTION_GROUPS),
  /** The applications with most holders, the columns of the table. */
  applications: z.array(z.object({ subscriptionId: z.string(), name: z.string() })),
  groups: z.array(
    z.object({
      /** null = people without a department. */
      name: z.string().nullable(),
      people: z.number(),
      /** People holding a seat of any application. */
      licensed: z.number(),
      /** People active on any seat within the inactivity window. */
      active: z.number(),
      adoptionPct: ratio,
      applications: z.array(adoptionCell),
    }),
  ),
});
export type Adoption = Wire<typeof adoptionResponse>;

export const LAST_USE_BUCKETS = ['0-7', '8-30', '31-60', '61-90', 'over-90', 'never'] as const;
export type LastUseBucket = (typeof LAST_USE_BUCKETS)[number];
export const LAST_USE_LABELS: Record<LastUseBucket, string> = {
  '0-7': '0–7 days',
  '8-30': '8–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  'over-90': 'Over 90 days',
  never: 'Never',
};

const bucketCounts = z.object(
  Object.fromEntries(LAST_USE_BUCKETS.map((b) => [b, z.number()])) as Record<LastUseBucket, z.ZodNumber>,
);

export const lastUseResponse = z.object({
  overall: z.object({ total: z.number(), buckets: bucketCounts }),
  applications: z.array(
    z.object({ subscriptionId: z.string(), name: z.string(), total: z.number(), buckets: bucketCounts }),
  ),
});
export type LastUse = Wire<typeof lastUseResponse>;
