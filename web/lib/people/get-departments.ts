import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Departments } from '@common/contracts/people';
import { apiGet } from '@/lib/api-client';
import { peopleKeys } from './keys';

/** GET /api/people/departments — departments with teams and head counts, for filters. */
export function getDepartments(): Promise<Departments> {
  return apiGet<Departments>('/api/people/departments');
}

export const departmentsQuery = () =>
  queryOptions({ queryKey: peopleKeys.departments(), queryFn: getDepartments });

export function useDepartments() {
  return useQuery(departmentsQuery());
}
