import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { departmentAllocationsBody } from '@common/contracts/entities';
import { apiGet } from '@/lib/api-client';
import { entityKeys } from '@/lib/entities/keys';

/** Each department's entity and brand; a department left out falls back to the defaults. */
export type DepartmentAllocations = z.input<typeof departmentAllocationsBody>;
export type DepartmentAllocation = DepartmentAllocations['items'][number];

/** GET /api/department-allocations */
export function getDepartmentAllocations(): Promise<DepartmentAllocation[]> {
  return apiGet<DepartmentAllocations>('/api/department-allocations').then((r) => r.items);
}

export const departmentAllocationsQuery = () =>
  queryOptions({ queryKey: entityKeys.departments(), queryFn: getDepartmentAllocations });

export function useDepartmentAllocations(enabled = true) {
  return useQuery({ ...departmentAllocationsQuery(), enabled });
}
