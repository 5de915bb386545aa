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
  /**
   * Charges in the range with no rate into the reporting currency (left out of spend), per
   * currency, with the brands and months ('YYYY-MM') they fall in.
   */
  unconverted: z.array(
    z.object({
      currency: z.string(),
      amountMinor: z.number(),
      count: z.number(),
      where: z.array(z.object({ brandId: z.string(), months: z.array(z.string()) })),
    }),
  ),
  /**
   * Revenue months with no rate into the reporting currency on the month's last day (today's for
   * the current month): their revenue is null.
   */
  unconvertedRevenue: z.array(
    z.object({ brandId: z.string(), month: z.string(), currency: z.string(), amountMinor: z.number() }),
  ),
  /** What had no rate, in words naming the pair, the brand and the months (common/fx-gaps.ts). */
  rateWarnings: z.array(z.string()),
});
export type BrandProfitabilityResponse = Wire<typeof brandProfitabilityResponse>;

/** CSV import of revenue: columns month, brand (name), amount, currency (optional: the organization's). */
export const brandRevenueImportResponse = z.object({
  imported: z.number(),
  brands: z.number(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});

/** One brand's page: its applications, spend, budgets, people and profitability over the last 12 months. */
export const brandSummaryResponse = z.object({
  brand: z.object({
    id: z.string(),
    name: z.string(),
    color: z.string(),
    logoUrl: z.string().nullable(),
    isDefault: z.boolean(),
    entityId: z.string().nullable(),
    entityName: z.string().nullable(),
  }),
  currency: z.string(),
  applications: z.array(
    z.object({
      subscriptionId: z.string(),
      name: z.string(),
      /** The brand's share of the application, in percent (100 when it is wholly the brand's). */
      percent: z.number(),
      spendMinor: z.number(),
    }),
  ),
  /** Budgets scoped to the brand (none until budgets take a brand scope). */
  budgets: z.array(
    z.object({ id: z.string(), name: z.string(), amountMinor: z.number(), currency: z.string() }),
  ),
  people: z.array(
    z.object({ id: z.string(), name: z.string(), email: z.string(), department: z.string().nullable() }),
  ),
  profitability: brandProfitabilityRow,
  unconverted: brandProfitabilityResponse.shape.unconverted,
});
export type BrandSummaryResponse = Wire<typeof brandSummaryResponse>;
export type BrandProfitabilityRow = Wire<typeof brandProfitabilityRow>;
