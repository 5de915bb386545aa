import { apiRequest } from '@/lib/api-client';
import { useEntitiesMutation } from './mutation';
import { brandUrl } from '@/lib/entities/keys';

/** DELETE /api/brands/{id}/logo */
export function deleteBrandLogo(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `${brandUrl(id)}/logo`);
}

export const useDeleteBrandLogo = () => useEntitiesMutation(deleteBrandLogo);
