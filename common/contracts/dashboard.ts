// GET /api/dashboard/summary and POST /api/demo.
import { z } from 'zod';
import { allocationFilterQuery } from './entities';
import { convertedSpend } from './fx-rates';
import { calendarDate, type Wire } from './wire';

/** The summary cut by entity and/or brand (URL state `entity`, `brand`). */
export const dashboardSummaryQuery = allocationFilterQuery;

export const upcomingRenewal = z.object({
  id: z.string(),
  name: z.string(),
  catalogSlug: z.string().nullable(),
  logoUrl: z.string().nullable(),
  nextRenewalDate: calendarDate,
  daysUntilRenewal: z.number(),
  cancelByDate: calendarDate,
  autoRenew: z.boolean(),
  costPerCycleMinor: z.number(),
  currency: z.string(),
});

export const dashboardSummaryResponse = z.object({
  /** Live applications that are active or on trial (cancelled, paused and archived ones not). */
  applications: z.number(),
  /** Spend of active and trial applications in the organization's currency: stored minor units, summed once. */
  monthlySpendMinor: z.number(),
  /** The annual run rate: the sum of their yearly costs (not monthly × 12, which drifts by cents). */
  annualSpendMinor: z.number(),
  currency: z.string(),
  /** The same spend with every other currency converted at today's rate (amounts with no rate listed apart). */
  converted: convertedSpend,
  /**
   * Contract renewals: active and trial applications on an annual or multi-year cycle renewing in the
   * next 30 days, today included (common/renewal-window.ts `isContractRenewal`). Recurring charges
   * (weekly, monthly, quarterly, semi-annual) are counted apart, as the renewals timeline does.
   */
  upcomingRenewals: z.number(),
  /** What those contract renewals charge in those 30 days (amounts in the organization's currency). */
  renewalsNext30DaysMinor: z.number(),
  /** Applications on a weekly to semi-annual cycle charging in the next 30 days. */
  recurringCharges: z.number(),
  /** What they charge in those 30 days, every charge at its per-cycle amount (organization's currency). */
  recurringChargesNext30DaysMinor: z.number(),
  /** The first few contract renewals, soonest first. */
  nextRenewals: z.array(upcomingRenewal),
});
export type DashboardSummary = Wire<typeof dashboardSummaryResponse>;

export const demoResponse = z.object({
  applications: z.number(),
  vendors: z.number(),
  people: z.number(),
  licensePools: z.number(),
  /** Open seats. */
  assignments: z.number(),
});
export type DemoResult = Wire<typeof demoResponse>;
