// GET /api/dashboard/summary and POST /api/demo.
import { z } from 'zod';
import { calendarDate, type Wire } from './wire';

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
  /** Live (not archived) applications. */
  applications: z.number(),
  /** Spend of active and trial applications in the organization's currency. */
  monthlySpendMinor: z.number(),
  annualSpendMinor: z.number(),
  currency: z.string(),
  /** Number of live applications renewing in the next 30 days (today included). */
  upcomingRenewals: z.number(),
  /** What those renewals cost (organization's currency). */
  renewalsNext30DaysMinor: z.number(),
  /** The first few of them, soonest first. */
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
