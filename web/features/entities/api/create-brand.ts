import type { BrandResponse, CreateBrandBody } from '@common/contracts/entities';
import { apiRequest } from '@/lib/api-client';
import { useEntitiesMutation } from './mutation';

/** POST /api/brands */
export function createBrand(body: CreateBrandBody): Promise<BrandResponse> {
  return apiRequest<BrandResponse>('POST', '/api/brands', body);
}

export const useCreateBrand = () => useEntitiesMutation(createBrand);
