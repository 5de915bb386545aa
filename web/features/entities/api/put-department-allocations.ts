import { apiRequest } from '@/lib/api-client';
import type { DepartmentAllocations } from './get-department-allocations';
import { useEntitiesMutation } from './mutation';

/** PUT /api/department-allocations — replaces the whole mapping. */
export function putDepartmentAllocations(body: DepartmentAllocations): Promise<DepartmentAllocations> {
  return apiRequest<DepartmentAllocations>('PUT', '/api/department-allocations', body);
}

export const usePutDepartmentAllocations = () => useEntitiesMutation(putDepartmentAllocations);
