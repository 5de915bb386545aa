import { z } from 'zod';
import { SCIM_SCHEMAS, type scimListQuery } from '../../../common/contracts/scim';

export type ListQuery = z.infer<typeof scimListQuery>;

/** Ids in paths and filters are uuids; anything else matches nothing (rather than a database error). */
export const isUuid = (id: string) => z.uuid().safeParse(id).success;

/** One page of a search (RFC 7644 §3.4.2): startIndex is 1-based. */
export function listResponse<T>(query: ListQuery, totalResults: number, resources: T[]) {
  return {
    schemas: [SCIM_SCHEMAS.listResponse],
    totalResults,
    startIndex: query.startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}
