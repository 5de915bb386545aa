import type { PeopleListQuery } from '@common/contracts/people';

export const peopleKeys = {
  all: ['people'] as const,
  list: (query: PeopleListQuery) => ['people', 'list', query] as const,
  departments: () => ['people', 'departments'] as const,
  offboarding: (id: string) => ['people', 'offboarding', id] as const,
};
