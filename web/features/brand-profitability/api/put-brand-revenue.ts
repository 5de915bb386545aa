import type { BrandRevenueBody } from '@common/contracts/brand-profitability';
import { apiRequest } from '@/lib/api-client';
import { useInvalidating } from './invalidate';
import type { BrandRevenue } from './keys';

/** PUT /api/brands/{id}/revenue — the months given; others keep their revenue. */
export const usePutBrandRevenue = () =>
  useInvalidating(({ id, ...body }: BrandRevenueBody & { id: string }) =>
    apiRequest<BrandRevenue>('PUT', `/api/brands/${encodeURIComponent(id)}/revenue`, body),
  );
