import { z } from 'zod';
import { allocationFilterQuery } from './entities';
import { calendarDate, type Wire } from './wire';

/** A renewal's decision: upcoming → reviewing → renew | renegotiate | cancel → done. */
export const DECISION_STATUSES = ['upcoming', 'reviewing', 'renew', 'renegotiate', 'cancel', 'done'] as const;
export type DecisionStatus = (typeof DECISION_STATUSES)[number];
/** What the renewals list shows: a decision, or overdue when the date passed undecided. */
export const RENEWAL_STATUSES = ['overdue', ...DECISION_STATUSES] as const;
export type RenewalStatus = (typeof RENEWAL_STATUSES)[number];

export const RENEWAL_WINDOWS = [30, 60, 90, 365] as const;
export type RenewalWindow = (typeof RENEWAL_WINDOWS)[number];

export const DECISION_LABELS: Record<RenewalStatus, string> = {
  overdue: 'Overdue',
  upcoming: 'Upcoming',
  reviewing: 'Reviewing',
  renew: 'Renew',
  renegotiate: 'Renegotiate',
  cancel: 'Cancel',
  done: 'Done',
};

const booleanFlag = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

export const renewalListQuery = z.object({
  window: z.coerce
    .number()
    .refine((n): n is RenewalWindow => (RENEWAL_WINDOWS as readonly number[]).includes(n), {
      message: 'Use 30, 60, 90 or 365',
    })
    .default(90),
  ownerUserId: z.uuid().optional(),
  status: z.enum(RENEWAL_STATUSES).optional(),
  autoRenewOnly: booleanFlag,
  ...allocationFilterQuery.shape,
});

export const updateDecisionBody = z.object({
  status: z.enum(DECISION_STATUSES),
  notes: z.string().trim().max(5000).nullable().optional(),
});
export type UpdateDecisionInput = z.input<typeof updateDecisionBody>;

export const renewalItem = z.object({
  subscriptionId: z.string(),
  name: z.string(),
  vendorName: z.string().nullable(),
  ownerUserId: z.string().nullable(),
  ownerName: z.string().nullable(),
  renewalDate: calendarDate,
  cancelByDate: calendarDate,
  daysLeft: z.number(),
  daysToCancelBy: z.number(),
  noticePeriodDays: z.number(),
  billingCycle: z.string(),
  /** Months between renewals of a multi-year term (null otherwise). */
  intervalMonths: z.number().nullable(),
  startDate: calendarDate.nullable(),
  costPerCycleMinor: z.number(),
  annualCostMinor: z.number(),
  currency: z.string(),
  autoRenew: z.boolean(),
  /** The decision, or overdue when the renewal date passed without one. */
  status: z.enum(RENEWAL_STATUSES),
  /** The stored decision for this renewal date (null: none yet). */
  decision: z.enum(DECISION_STATUSES).nullable(),
  notes: z.string().nullable(),
  urgency: z.enum(['overdue', 'high', 'medium', 'low']),
});
export type RenewalItem = Wire<typeof renewalItem>;

export const renewalTotals = z.object({
  window: z.number(),
  /** Applications renewing in the window (today through today + window − 1). */
  count: z.number(),
  /**
   * Per currency: `dueMinor`, what the renewals charge inside the window (every charge at its
   * per-cycle amount); `annualCostMinor`, the yearly value of the applications renewing in it.
   */
  amounts: z.array(z.object({ currency: z.string(), dueMinor: z.number(), annualCostMinor: z.number() })),
  /** The organization's currency: `dueMinor` and `annualCostMinor` are in it. */
  currency: z.string(),
  /**
   * What the renewals charge in the window (every charge date's cycle cost), each application
   * converted at today's rate and summed; cut by entity/brand, each counts its allocated share
   * (server/modules/renewals/renewal-figures.ts). The executive summary's "Renewals next 90 days".
   */
  dueMinor: z.number(),
  /** Their yearly cost, the same way. */
  annualCostMinor: z.number(),
  /** Currencies with no rate today, left out of the converted sums (still in `amounts`). */
  unconverted: z.array(z.string()),
});

export const renewalListResponse = z.object({
  today: calendarDate,
  window: z.number(),
  items: z.array(renewalItem),
  totals: z.array(renewalTotals),
});
export type RenewalList = Wire<typeof renewalListResponse>;

export const decisionHistoryItem = z.object({
  renewalDate: calendarDate,
  status: z.enum(DECISION_STATUSES),
  notes: z.string().nullable(),
  decidedByName: z.string().nullable(),
  settled: z.boolean(),
});
export type DecisionHistoryItem = Wire<typeof decisionHistoryItem>;

export const icalTokenResponse = z.object({ url: z.string(), webcalUrl: z.string() });
export type IcalToken = Wire<typeof icalTokenResponse>;
