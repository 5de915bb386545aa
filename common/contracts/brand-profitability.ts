// Brand profitability (Scale): revenue, allocated software spend and their ratio per brand and month.
import { z } from 'zod';
import { currencyCode } from './organizations';
import { type Wire } from './wire';

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month like 2026-01');

export const brandRevenueBody = z.object({
  items: z
    .array(
      z.object({
        month,
        amountMinor: z.number().int('Whole minor units (cents)').min(0).max(1e15),
        currency: currencyCode.optional(),
      }),
    )
    .max(240),
});
export type BrandRevenueBody = z.input<typeof brandRevenueBody>;

export const brandRevenueResponse = z.object({
  brandId: z.string(),
  items: z.array(z.object({ month: z.string(), amountMinor: z.number(), currency: z.string() })),
});

export const profitabilityQuery = z
  .object({ from: month.optional(), to: month.optional(), entityId: z.uuid().optional() })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: 'from must not be after to',
    path: ['from'],
  });

const brandMonth = z.object({
  month: z.string(),
  revenueMinor: z.number().nullable(),
  spendMinor: z.number(),
  /** Spend ÷ revenue in percent, null without revenue. */
  costPercent: z.number().nullable(),
});

export const brandProfitabilityRow = z.object({
  brandId: z.string(),
  name: z.string(),
  color: z.string(),
  revenueMinor: z.number(),
  spendMinor: z.number(),
  costPercent: z.number().nullable(),
  people: z.number(),
  costPerEmployeeMinor: z.number().nullable(),
  /** Software cost grew faster than revenue (last 3 months against the 3 before). */
  spendOutgrowingRevenue: z.boolean(),
  months: z.array(brandMonth),
  topApplications: z.array(
    z.object({
      subscriptionId: z.string(),
      name: z.string(),
      spendMinor: z.number(),
      activeUsers: z.number(),
      costPerActiveUserMinor: z.number().nullable(),
    }),
  ),
});

export const brandProfitabilityResponse = z.object({
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  brands: z.array(brandProfitabilityRow),
  /** Charges in the range with no rate into the reporting currency (left out of spend). */
  unconverted: z.array(z.object({ currency: z.string(), amountMinor: z.number(), count: z.number() })),
});
export type BrandProfitabilityResponse = Wire<typeof brandProfitabilityResponse>;
