import type { AllocationResponse, AllocationTargetKind, PutAllocationBody } from '@common/contracts/entities';
import { apiRequest } from '@/lib/api-client';
import { allocationUrl } from '@/lib/entities/keys';
import { useEntitiesMutation } from './mutation';

/** PUT /api/allocations/{kind}/{id} */
export function putAllocation(input: {
  kind: AllocationTargetKind;
  id: string;
  body: PutAllocationBody;
}): Promise<AllocationResponse> {
  return apiRequest<AllocationResponse>('PUT', allocationUrl(input.kind, input.id), input.body);
}

export const usePutAllocation = () => useEntitiesMutation(putAllocation);
