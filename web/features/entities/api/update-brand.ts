import type { BrandResponse, UpdateBrandBody } from '@common/contracts/entities';
import { apiRequest } from '@/lib/api-client';
import { useEntitiesMutation } from './mutation';
import { brandUrl } from '@/lib/entities/keys';

/** PATCH /api/brands/{id} */
export function updateBrand({ id, ...body }: UpdateBrandBody & { id: string }): Promise<BrandResponse> {
  return apiRequest<BrandResponse>('PATCH', brandUrl(id), body);
}

export const useUpdateBrand = () => useEntitiesMutation(updateBrand);
