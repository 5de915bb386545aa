import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PeopleList, PeopleListQuery } from '@common/contracts/people';
import { apiGet } from '@/lib/api-client';
import { peopleKeys } from '@/lib/people/keys';

function search(query: PeopleListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/people — one page of people with their open seats and yearly cost. */
export function getPeople(query: PeopleListQuery): Promise<PeopleList> {
  return apiGet<PeopleList>(`/api/people${search(query)}`);
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
