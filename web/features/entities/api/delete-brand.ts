import { apiRequest } from '@/lib/api-client';
import { useEntitiesMutation, withReassign } from './mutation';
import { brandUrl } from '@/lib/entities/keys';

/** DELETE /api/brands/{id}[?reassignTo=] — 409 `in_use` with what uses it unless reassigned. */
export function deleteBrand(input: { id: string; reassignTo?: string }): Promise<void> {
  return apiRequest<void>('DELETE', withReassign(brandUrl(input.id), input.reassignTo));
}

export const useDeleteBrand = () => useEntitiesMutation(deleteBrand);
