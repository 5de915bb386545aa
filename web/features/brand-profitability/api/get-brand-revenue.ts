import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { brandProfitabilityKeys, type BrandRevenue } from './keys';

/** GET /api/brands/{id}/revenue */
export const useBrandRevenue = (id: string | null) =>
  useQuery({
    queryKey: brandProfitabilityKeys.revenue(id ?? ''),
    queryFn: () => apiGet<BrandRevenue>(`/api/brands/${encodeURIComponent(id ?? '')}/revenue`),
    enabled: id !== null,
  });
