import { useQuery } from '@tanstack/react-query';
import type { BrandSummaryResponse } from '@common/contracts/brand-profitability';
import { apiGet } from '@/lib/api-client';
import { brandProfitabilityKeys } from './keys';

/** GET /api/brands/{id}/summary — one brand's applications, people and last 12 months. */
export const useBrandSummary = (id: string) =>
  useQuery({
    queryKey: brandProfitabilityKeys.summary(id),
    queryFn: () => apiGet<BrandSummaryResponse>(`/api/brands/${encodeURIComponent(id)}/summary`),
  });
