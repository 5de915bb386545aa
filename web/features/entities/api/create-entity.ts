import type { CreateEntityBody, EntityResponse } from '@common/contracts/entities';
import { apiRequest } from '@/lib/api-client';
import { useEntitiesMutation } from './mutation';

/** POST /api/entities */
export function createEntity(body: CreateEntityBody): Promise<EntityResponse> {
  return apiRequest<EntityResponse>('POST', '/api/entities', body);
}

export const useCreateEntity = () => useEntitiesMutation(createEntity);
