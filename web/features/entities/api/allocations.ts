import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AllocationResponse, AllocationTargetKind, PutAllocationBody } from '@common/contracts/entities';
import { apiGet, apiRequest } from '@/lib/api-client';
import { entityKeys } from '@/lib/entities/keys';
import { useEntitiesMutation } from './mutation';

const allocationUrl = (kind: AllocationTargetKind, id: string) =>
  `/api/allocations/${kind}/${encodeURIComponent(id)}`;

/** GET /api/allocations/{kind}/{id} — the saved shares, or 100 % the default entity and brand. */
export function getAllocation(kind: AllocationTargetKind, id: string): Promise<AllocationResponse> {
  return apiGet<AllocationResponse>(allocationUrl(kind, id));
}

export const allocationQuery = (kind: AllocationTargetKind, id: string) =>
  queryOptions({ queryKey: entityKeys.allocation(kind, id), queryFn: () => getAllocation(kind, id) });

export function useAllocation(kind: AllocationTargetKind, id: string) {
  return useQuery(allocationQuery(kind, id));
}

/** PUT /api/allocations/{kind}/{id} */
export function putAllocation(input: {
  kind: AllocationTargetKind;
  id: string;
  body: PutAllocationBody;
}): Promise<AllocationResponse> {
  return apiRequest<AllocationResponse>('PUT', allocationUrl(input.kind, input.id), input.body);
}

/** DELETE /api/allocations/{kind}/{id} — back to wholly the default entity and brand. */
export function deleteAllocation(input: { kind: AllocationTargetKind; id: string }): Promise<void> {
  return apiRequest<void>('DELETE', allocationUrl(input.kind, input.id));
}

export const usePutAllocation = () => useEntitiesMutation(putAllocation);
export const useDeleteAllocation = () => useEntitiesMutation(deleteAllocation);
