import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrandResponse, EntityResponse } from '@common/contracts/entities';
import { apiGet, isStatus } from '@/lib/api-client';

export interface AllocationOptions {
  entities: Array<Pick<EntityResponse, 'id' | 'name' | 'isDefault' | 'archived'>>;
  brands: Array<Pick<BrandResponse, 'id' | 'name' | 'isDefault' | 'archived'>>;
}

const NONE: AllocationOptions = { entities: [], brands: [] };

/**
 * GET /api/entities and /api/brands: what the entity/brand filter and scope selects offer. Without
 * Scale (403 plan_required) or before the endpoints exist (404) there is nothing to choose.
 */
export async function getAllocationOptions(): Promise<AllocationOptions> {
  try {
    const [entities, brands] = await Promise.all([
      apiGet<{ items: AllocationOptions['entities'] }>('/api/entities'),
      apiGet<{ items: AllocationOptions['brands'] }>('/api/brands'),
    ]);
    return { entities: entities.items, brands: brands.items };
  } catch (error) {
    if (isStatus(error, 403) || isStatus(error, 404)) return NONE;
    throw error;
  }
}

export const allocationOptionsQuery = () =>
  queryOptions({
    queryKey: ['entities', 'allocation-options'] as const,
    queryFn: getAllocationOptions,
    staleTime: 60_000,
  });

export function useAllocationOptions() {
  return useQuery(allocationOptionsQuery());
}

/** Only the default entity and brand: nothing to filter by. */
export function hasAllocationChoices(options: AllocationOptions | undefined): boolean {
  return Boolean(options && (options.entities.length > 1 || options.brands.length > 1));
}
