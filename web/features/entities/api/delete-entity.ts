import { apiRequest } from '@/lib/api-client';
import { useEntitiesMutation, withReassign } from './mutation';

/** DELETE /api/entities/{id}[?reassignTo=] — 409 `in_use` with what uses it unless reassigned. */
export function deleteEntity(input: { id: string; reassignTo?: string }): Promise<void> {
  return apiRequest<void>(
    'DELETE',
    withReassign(`/api/entities/${encodeURIComponent(input.id)}`, input.reassignTo),
  );
}

export const useDeleteEntity = () => useEntitiesMutation(deleteEntity);
