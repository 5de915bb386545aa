import type { AllocationTargetKind } from '@common/contracts/entities';
import { apiRequest } from '@/lib/api-client';
import { allocationUrl } from '@/lib/entities/keys';
import { useEntitiesMutation } from './mutation';

/** DELETE /api/allocations/{kind}/{id} — back to wholly the default entity and brand. */
export function deleteAllocation(input: { kind: AllocationTargetKind; id: string }): Promise<void> {
  return apiRequest<void>('DELETE', allocationUrl(input.kind, input.id));
}

export const useDeleteAllocation = () => useEntitiesMutation(deleteAllocation);
