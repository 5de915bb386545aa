import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PeopleList, PeopleListQuery } from '@common/contracts/people';
import { apiGet } from '@/lib/api-client';
import { toQueryString } from '@/lib/query-string';
import { peopleKeys } from '@/lib/people/keys';

/** GET /api/people — one page of people with their open seats and yearly cost. */
export function getPeople(query: PeopleListQuery): Promise<PeopleList> {
  return apiGet<PeopleList>(`/api/people${toQueryString(query)}`);
}

export const peopleQuery = (query: PeopleListQuery) =>
  queryOptions({
    queryKey: peopleKeys.list(query),
    queryFn: () => getPeople(query),
    placeholderData: keepPreviousData,
  });

export function usePeople(query: PeopleListQuery) {
  return useQuery(peopleQuery(query));
}
