import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrandProfitabilityResponse } from '@common/contracts/brand-profitability';
import { apiGet } from '@/lib/api-client';
import { brandProfitabilityKeys } from './keys';

/** GET /api/brand-profitability — every brand's revenue, spend and cost % per month of the period. */
export const brandProfitabilityQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: brandProfitabilityKeys.report(from, to),
    queryFn: () =>
      apiGet<BrandProfitabilityResponse>(
        `/api/brand-profitability?${new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) })}`,
      ),
  });
export const useBrandProfitability = (from: string, to: string) =>
  useQuery(brandProfitabilityQuery(from, to));

/** A brand's revenue, or null when none was entered for any month of the period (shown "—", not "$0.00"). */
export function enteredRevenue(row: {
  revenueMinor: number;
  months: Array<{ revenueMinor: number | null }>;
}) {
  return row.months.some((m) => m.revenueMinor !== null) ? row.revenueMinor : null;
}
