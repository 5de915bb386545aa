import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreateEntityBody, EntityResponse, UpdateEntityBody } from '@common/contracts/entities';
import { apiGet, apiRequest } from '@/lib/api-client';
import { entityKeys } from '@/lib/entities/keys';
import { useEntitiesMutation, withReassign } from './mutation';

/** GET /api/entities — every entity, archived ones included. */
export function getEntities(): Promise<EntityResponse[]> {
  return apiGet<{ items: EntityResponse[] }>('/api/entities').then((r) => r.items);
}

export const entitiesQuery = () => queryOptions({ queryKey: entityKeys.entities(), queryFn: getEntities });

export function useEntities(enabled = true) {
  return useQuery({ ...entitiesQuery(), enabled });
}

/** POST /api/entities */
export function createEntity(body: CreateEntityBody): Promise<EntityResponse> {
  return apiRequest<EntityResponse>('POST', '/api/entities', body);
}

/** PATCH /api/entities/{id} */
export function updateEntity({ id, ...body }: UpdateEntityBody & { id: string }): Promise<EntityResponse> {
  return apiRequest<EntityResponse>('PATCH', `/api/entities/${encodeURIComponent(id)}`, body);
}

/** DELETE /api/entities/{id}[?reassignTo=] — 409 `in_use` with what uses it unless reassigned. */
export function deleteEntity(input: { id: string; reassignTo?: string }): Promise<void> {
  return apiRequest<void>(
    'DELETE',
    withReassign(`/api/entities/${encodeURIComponent(input.id)}`, input.reassignTo),
  );
}

export const useCreateEntity = () => useEntitiesMutation(createEntity);
export const useUpdateEntity = () => useEntitiesMutation(updateEntity);
export const useDeleteEntity = () => useEntitiesMutation(deleteEntity);
