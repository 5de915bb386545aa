import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BrandProfitabilityResponse,
  BrandRevenueBody,
  BrandSummaryResponse,
} from '@common/contracts/brand-profitability';
import { apiGet, apiRequest } from '@/lib/api-client';

export interface BrandRevenue {
  brandId: string;
  items: Array<{ month: string; amountMinor: number; currency: string }>;
}

export const brandProfitabilityKeys = {
  all: ['brand-profitability'] as const,
  report: (from: string, to: string) => ['brand-profitability', 'report', from, to] as const,
  summary: (id: string) => ['brand-profitability', 'summary', id] as const,
  revenue: (id: string) => ['brand-profitability', 'revenue', id] as const,
};

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

/** GET /api/brands/{id}/summary — one brand's applications, people and last 12 months. */
export const useBrandSummary = (id: string) =>
  useQuery({
    queryKey: brandProfitabilityKeys.summary(id),
    queryFn: () => apiGet<BrandSummaryResponse>(`/api/brands/${encodeURIComponent(id)}/summary`),
  });

/** GET /api/brands/{id}/revenue */
export const useBrandRevenue = (id: string | null) =>
  useQuery({
    queryKey: brandProfitabilityKeys.revenue(id ?? ''),
    queryFn: () => apiGet<BrandRevenue>(`/api/brands/${encodeURIComponent(id ?? '')}/revenue`),
    enabled: id !== null,
  });

function useInvalidating<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brandProfitabilityKeys.all }),
  });
}

/** PUT /api/brands/{id}/revenue — the months given; others keep their revenue. */
export const usePutBrandRevenue = () =>
  useInvalidating(({ id, ...body }: BrandRevenueBody & { id: string }) =>
    apiRequest<BrandRevenue>('PUT', `/api/brands/${encodeURIComponent(id)}/revenue`, body),
  );

/** POST /api/brands/revenue/import — a CSV of month, brand, amount and optional currency. */
export const useImportBrandRevenue = () =>
  useInvalidating((csv: string) =>
    apiRequest<{ imported: number; brands: number }>('POST', '/api/brands/revenue/import', { csv }),
  );

/** A brand's revenue, or null when none was entered for any month of the period (shown "—", not "$0.00"). */
export function enteredRevenue(row: {
  revenueMinor: number;
  months: Array<{ revenueMinor: number | null }>;
}) {
  return row.months.some((m) => m.revenueMinor !== null) ? row.revenueMinor : null;
}
