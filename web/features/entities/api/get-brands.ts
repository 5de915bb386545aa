import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrandResponse } from '@common/contracts/entities';
import { apiGet } from '@/lib/api-client';
import { entityKeys } from '@/lib/entities/keys';

/** GET /api/brands — every brand, archived ones included. */
export function getBrands(): Promise<BrandResponse[]> {
  return apiGet<{ items: BrandResponse[] }>('/api/brands').then((r) => r.items);
}

export const brandsQuery = () => queryOptions({ queryKey: entityKeys.brands(), queryFn: getBrands });

export function useBrands(enabled = true) {
  return useQuery({ ...brandsQuery(), enabled });
}
