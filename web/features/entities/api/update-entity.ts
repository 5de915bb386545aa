import type { EntityResponse, UpdateEntityBody } from '@common/contracts/entities';
import { apiRequest } from '@/lib/api-client';
import { useEntitiesMutation } from './mutation';

/** PATCH /api/entities/{id} */
export function updateEntity({ id, ...body }: UpdateEntityBody & { id: string }): Promise<EntityResponse> {
  return apiRequest<EntityResponse>('PATCH', `/api/entities/${encodeURIComponent(id)}`, body);
}

export const useUpdateEntity = () => useEntitiesMutation(updateEntity);
