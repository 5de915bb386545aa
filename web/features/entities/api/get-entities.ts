import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EntityResponse } from '@common/contracts/entities';
import { apiGet } from '@/lib/api-client';
import { entityKeys } from '@/lib/entities/keys';

/** GET /api/entities — every entity, archived ones included. */
export function getEntities(): Promise<EntityResponse[]> {
  return apiGet<{ items: EntityResponse[] }>('/api/entities').then((r) => r.items);
}

export const entitiesQuery = () => queryOptions({ queryKey: entityKeys.entities(), queryFn: getEntities });

export function useEntities(enabled = true) {
  return useQuery({ ...entitiesQuery(), enabled });
}
