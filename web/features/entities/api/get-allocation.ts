import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AllocationResponse, AllocationTargetKind } from '@common/contracts/entities';
import { apiGet } from '@/lib/api-client';
import { allocationUrl, entityKeys } from '@/lib/entities/keys';

/** GET /api/allocations/{kind}/{id} — the saved shares, or 100 % the default entity and brand. */
export function getAllocation(kind: AllocationTargetKind, id: string): Promise<AllocationResponse> {
  return apiGet<AllocationResponse>(allocationUrl(kind, id));
}

export const allocationQuery = (kind: AllocationTargetKind, id: string) =>
  queryOptions({ queryKey: entityKeys.allocation(kind, id), queryFn: () => getAllocation(kind, id) });

export function useAllocation(kind: AllocationTargetKind, id: string) {
  return useQuery(allocationQuery(kind, id));
}
